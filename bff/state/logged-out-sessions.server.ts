// Sessions that were logged out. The legacy API has no logout call, so a copy of a session cookie
// taken before the logout would still work: its backend token (hashed) is remembered for as long
// as a session cookie can live, and a cookie that carries it reads as logged out. With Redis the
// list is shared by every instance and kept across restarts. While Redis takes no writes, this
// instance still refuses the sessions logged out on it, and writes them to Redis on a timer that
// backs off, and at once when a write works again; a read that works is no sign that writes do.
// While Redis cannot be read, a session issued before reads failed is not checked, so not let in
// (Redis may hold its logout, made on another instance), and one issued since is judged by this
// instance's memory (decision 076; docs/operations.md: when Redis is down, slow or refuses writes).
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { USER_SESSION_MAX_SECONDS } from "../session/cookies.server";
import type { SharedState } from "./shared-state.server";

const KEY_PREFIX = "rp:logged-out:";
const MAX_UNSAVED = 10_000;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

export type SessionState = "open" | "logged-out" | "unchecked";

export function createLoggedOutSessions(
  state: SharedState,
  { ttlSeconds = USER_SESSION_MAX_SECONDS, firstRetryMs = FIRST_RETRY_MS, lastRetryMs = LAST_RETRY_MS } = {},
) {
  const local = new LRUCache<string, true>({ max: 100_000, ttl: ttlSeconds * 1000 });
  /** Logouts Redis did not take: written by the retries. */
  const unsaved = new Set<string>();
  const keyOf = (token: string) => KEY_PREFIX + createHash("sha256").update(token).digest("base64url");
  let retryMs = firstRetryMs;
  let retry: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;

  const write = (key: string) =>
    state.attempt(
      async (redis) => {
        await redis.set(key, "1", "EX", ttlSeconds);
        return true;
      },
      () => false,
    );

  function retryLater() {
    if (retry || unsaved.size === 0) return;
    retry = setTimeout(() => {
      retry = null;
      void flush();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, lastRetryMs);
  }

  /** The unsaved logouts written one by one, up to the first that Redis refuses; one flush at a time. */
  function flush() {
    flushing ??= (async () => {
      for (const key of [...unsaved]) {
        if (!(await write(key))) return retryLater();
        unsaved.delete(key);
      }
      retryMs = firstRetryMs;
    })().finally(() => (flushing = null));
    return flushing;
  }
  state.onRecovery(() => void flush());

  return {
    async add(token: string) {
      const key = keyOf(token);
      local.set(key, true);
      if (await write(key)) return;
      if (state.redis && unsaved.size < MAX_UNSAVED) unsaved.add(key);
      retryLater();
    },
    /**
     * Whether the session of `token`, issued at `issuedAtSeconds`, was logged out; "unchecked" where
     * Redis cannot say and the session is older than the outage (treat it as signed out, for now).
     */
    async stateOf(token: string, issuedAtSeconds = 0): Promise<SessionState> {
      const key = keyOf(token);
      if (local.has(key)) return "logged-out";
      return state.attempt(
        async (redis) => ((await redis.exists(key)) === 1 ? "logged-out" : "open"),
        () => {
          const since = state.failingSince("read");
          return since === null || issuedAtSeconds * 1000 >= since ? "open" : "unchecked";
        },
        "read",
      );
    },
    /** Logouts this instance holds that Redis has not taken yet. */
    get unsaved() {
      return unsaved.size;
    },
  };
}
export type LoggedOutSessions = ReturnType<typeof createLoggedOutSessions>;
