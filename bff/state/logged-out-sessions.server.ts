// Sessions that were logged out. The legacy API has no logout call, so a copy of a session cookie
// taken before the logout would still work: its backend token (hashed) is remembered for as long
// as a session cookie can live, and a cookie that carries it reads as logged out. With Redis the
// list is shared by every instance and kept across restarts. While Redis is away, this instance
// still refuses the sessions logged out on it, and writes them to Redis once it answers again;
// a session logged out on another instance is not known here until then (docs/operations.md: when Redis is down or slow).
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { USER_SESSION_MAX_SECONDS } from "../session/cookies.server";
import type { SharedState } from "./shared-state.server";

const KEY_PREFIX = "rp:logged-out:";
const MAX_UNSAVED = 10_000;

export function createLoggedOutSessions(state: SharedState, { ttlSeconds = USER_SESSION_MAX_SECONDS } = {}) {
  const local = new LRUCache<string, true>({ max: 100_000, ttl: ttlSeconds * 1000 });
  /** Logouts Redis did not take during an outage: written when it answers again. */
  const unsaved = new Set<string>();
  const keyOf = (token: string) => KEY_PREFIX + createHash("sha256").update(token).digest("base64url");

  function save(key: string) {
    return state.attempt(
      async (redis) => {
        await redis.set(key, "1", "EX", ttlSeconds);
        unsaved.delete(key);
      },
      () => {
        if (state.redis && unsaved.size < MAX_UNSAVED) unsaved.add(key);
      },
    );
  }
  state.onRecovery(() => {
    for (const key of unsaved) void save(key);
  });

  return {
    async add(token: string) {
      const key = keyOf(token);
      local.set(key, true);
      await save(key);
    },
    async has(token: string): Promise<boolean> {
      const key = keyOf(token);
      if (local.has(key)) return true;
      return state.attempt(
        async (redis) => (await redis.exists(key)) === 1,
        () => false,
      );
    },
  };
}
export type LoggedOutSessions = ReturnType<typeof createLoggedOutSessions>;
