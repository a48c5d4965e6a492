// A form carries a random submission id; a second post of the same id from the same browser (a
// double click, a reload of the POST, a retry that the balancer sends to another instance) gets the
// first one's result instead of writing again. A record is keyed by the id together with what binds
// it to one browser and one form (the browser's form token, the host, the form and its route's
// parameters), hashed: the same id from another browser is another submission, never the first one's
// outcome, and no token stands in a Redis key. With Redis the first post claims the id for every instance (SET NX)
// and leaves its result there, sealed (a result may hold a backend token); a second post meanwhile
// waits for that result. While Redis is away, ids are claimed in this instance's memory only
// (docs/operations.md: when Redis is down or slow).
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { LRUCache } from "lru-cache";
import type { Sealer } from "../platform/seal.server";
import type { SharedState } from "./shared-state.server";

const KEY_PREFIX = "rp:submission:";
const PENDING = "pending";
const POLL_MS = 50;

type Options = {
  /** How long a result answers a repeated post. */
  ttlMs?: number;
  /** How long a claim lasts without a result (a writer that died); longer than the longest write. */
  claimMs: number;
  sealer: Sealer;
  /** What binds a post to the browser that got the form (its form token); none: the post is not deduplicated. */
  browserOf: (request: Request) => string | undefined;
};

/** One form's post: the form's name, the submission id it carried (none: not deduplicated), and its route's parameters. */
export type FormSubmission = { form: string; id: string | undefined; params?: Record<string, string | undefined> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The posted submission id where it is a UUID; anything else posts as a new submission. */
export function submissionIdIn(formData: FormData) {
  const id = formData.get("submissionId");
  return typeof id === "string" && UUID.test(id) ? id : undefined;
}

/** The Redis key of a submission's record. */
export function recordKey(parts: readonly unknown[]) {
  return KEY_PREFIX + createHash("sha256").update(JSON.stringify(parts)).digest("base64url");
}

export function createSubmissionRecords(state: SharedState, { ttlMs = 10 * 60_000, claimMs, sealer, browserOf }: Options) {
  const local = new LRUCache<string, { result: Promise<unknown> }>({ max: 10_000, ttl: ttlMs, ttlAutopurge: true });

  function onceHere<T>(key: string, run: () => Promise<T>): Promise<T> {
    const known = local.get(key);
    if (known) return known.result as Promise<T>;
    const result = run();
    local.set(key, { result });
    // A failed write may be tried again with the same form.
    result.catch(() => local.delete(key));
    return result;
  }

  /** The first post of `key` across instances writes; any other waits for its result, or for the claim to end. */
  async function onceShared<T>(key: string, run: () => Promise<T>): Promise<T> {
    for (;;) {
      const claim = await state.attempt(
        async (redis) => ((await redis.set(key, PENDING, "PX", claimMs, "NX")) === "OK" ? "claimed" : await redis.get(key)),
        () => "unshared" as const,
      );
      if (claim === "claimed") return writeAndKeep(key, run);
      if (claim === "unshared") return run();
      if (claim !== null && claim !== PENDING) {
        // A result sealed with a secret since dropped cannot answer: the post is written as a new one.
        const kept = sealer.open(claim, key);
        return kept === null ? run() : (JSON.parse(kept) as { value: T }).value;
      }
      // Pending elsewhere, or just released after a failure or the claim's end (null): look again.
      await sleep(POLL_MS);
    }
  }

  async function writeAndKeep<T>(key: string, run: () => Promise<T>): Promise<T> {
    let value: T;
    try {
      value = await run();
    } catch (error) {
      await state.attempt(
        (redis) => redis.del(key),
        () => 0,
      );
      throw error;
    }
    await state.attempt(
      (redis) => redis.set(key, sealer.seal(JSON.stringify({ value }), key), "PX", ttlMs),
      () => null,
    );
    return value;
  }

  function once<T>(parts: readonly unknown[], run: () => Promise<T>): Promise<T> {
    const key = recordKey(parts);
    return onceHere(key, () => (state.redis ? onceShared(key, run) : run()));
  }

  return {
    /** A write bound to a secret the browser holds already (a session or link token): once per `parts`. */
    once,
    /** A form's post: once per browser, host, form, route and submission id. */
    onceFromBrowser<T>(request: Request, { form, id, params = {} }: FormSubmission, run: () => Promise<T>): Promise<T> {
      const browser = browserOf(request);
      if (!browser || !id) return run();
      const route = Object.entries(params).sort(([a], [b]) => a.localeCompare(b));
      return once(["form", form, id, browser, new URL(request.url).host, route], run);
    },
  };
}
export type SubmissionRecords = ReturnType<typeof createSubmissionRecords>;
