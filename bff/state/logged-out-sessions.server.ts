// Sessions that were logged out. The legacy API has no logout call, so a copy of a session cookie
// taken before the logout would still work: its backend token (hashed) is remembered for as long
// as a session cookie can live, and a cookie that carries it reads as logged out. An account's
// sessions end together where its password changes or it is deleted: the account's "valid from"
// time, and a session issued before it reads as logged out. With Redis both are shared by every
// instance and kept across restarts. While Redis takes no writes, this
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
const ACCOUNT_KEY_PREFIX = "rp:sessions-valid-from:";
const MAX_UNSAVED = 10_000;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

export type SessionState = "open" | "logged-out" | "unchecked";

/** An account: its tenant and its e-mail address (however spelt). */
export type Account = { tenant: string; email: string };

export function createLoggedOutSessions(
  state: SharedState,
  { ttlSeconds = USER_SESSION_MAX_SECONDS, firstRetryMs = FIRST_RETRY_MS, lastRetryMs = LAST_RETRY_MS } = {},
) {
  /** What this instance knows: "1" for a logged-out token's key, the time sessions count from for an account's key. */
  const local = new LRUCache<string, string>({ max: 100_000, ttl: ttlSeconds * 1000 });
  /** Writes Redis did not take, by key: written by the retries. */
  const unsaved = new Map<string, string>();
  const hashed = (value: string) => createHash("sha256").update(value).digest("base64url");
  const keyOf = (token: string) => KEY_PREFIX + hashed(token);
  const accountKeyOf = ({ tenant, email }: Account) => ACCOUNT_KEY_PREFIX + hashed(`${tenant}\n${email.trim().toLowerCase()}`);
  let retryMs = firstRetryMs;
  let retry: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;

  const write = (key: string, value: string) =>
    state.attempt(
      async (redis) => {
        await redis.set(key, value, "EX", ttlSeconds);
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
      for (const [key, value] of [...unsaved]) {
        if (!(await write(key, value))) return retryLater();
        unsaved.delete(key);
      }
      retryMs = firstRetryMs;
    })().finally(() => (flushing = null));
    return flushing;
  }
  state.onRecovery(() => void flush());

  async function save(key: string, value: string) {
    local.set(key, value);
    if (await write(key, value)) return;
    if (state.redis && unsaved.size < MAX_UNSAVED) unsaved.set(key, value);
    retryLater();
  }

  /** A session issued at `issuedAt` is over where its token was logged out, or its account's sessions count only from later. */
  const endedBy = (issuedAt: number, token: string | null | undefined, validFrom: string | null | undefined) =>
    token != null || (validFrom != null && issuedAt < Number(validFrom));

  return {
    add: (token: string) => save(keyOf(token), "1"),
    /** Every session of the account issued before `seconds` ends, on every instance (a password changed or reset, the account deleted). */
    endAccountSessionsBefore: (account: Account, seconds: number) => save(accountKeyOf(account), String(seconds)),
    /**
     * Whether the session of `token`, issued at `issuedAtSeconds` (for `account`, where it is a person's),
     * was logged out; "unchecked" where Redis cannot say and the session is older than the outage (treat
     * it as signed out, for now).
     */
    async stateOf(token: string, issuedAtSeconds = 0, account?: Account): Promise<SessionState> {
      const keys = account ? [keyOf(token), accountKeyOf(account)] : [keyOf(token)];
      if (endedBy(issuedAtSeconds, local.get(keys[0]), keys[1] && local.get(keys[1]))) return "logged-out";
      return state.attempt(
        async (redis) => {
          const [loggedOut, validFrom] = await redis.mget(...keys);
          return endedBy(issuedAtSeconds, loggedOut, validFrom) ? "logged-out" : "open";
        },
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
