// A form carries a random submission id; a second post of the same id (a double click, a reload
// of the POST, a retry that the balancer sends to another instance) gets the first one's result
// instead of writing again. With Redis the first post claims the id for every instance (SET NX)
// and leaves its result there, sealed (a result may hold a backend token); a second post meanwhile
// waits for that result. While Redis is away, ids are claimed in this instance's memory only
// (README: Redis outages).
import { setTimeout as sleep } from "node:timers/promises";
import { LRUCache } from "lru-cache";
import type { Sealer } from "../core/seal.server";
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
};

export function createSubmissionGuard(state: SharedState, { ttlMs = 10 * 60_000, claimMs, sealer }: Options) {
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

  return {
    once<T>(submissionId: string, run: () => Promise<T>): Promise<T> {
      const key = KEY_PREFIX + submissionId;
      return onceHere(key, () => (state.redis ? onceShared(key, run) : run()));
    },
  };
}
export type SubmissionGuard = ReturnType<typeof createSubmissionGuard>;
