// Budgets against brute force and abuse (docs/security.md, abuse), counted with rate-limiter-flexible:
// in Redis when the portal has it, shared by every instance, else in memory. While Redis is away
// each instance counts on its own (README: Redis outages), so a client gets at most N times the
// budget for that time.
import { createHash } from "node:crypto";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { TooManyRequestsError } from "../core/errors";
import type { SharedState } from "./shared-state.server";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Failed logins of one account, from any client: the first few are free; after each further one the
 * next try waits, twice as long each time, at most a quarter of an hour, so an owner is never locked
 * out for good (and the password reset is never limited by it).
 */
export const ACCOUNT_FREE_FAILURES = 5;
const ACCOUNT_FIRST_WAIT_SECONDS = 30;
const ACCOUNT_LONGEST_WAIT_SECONDS = 15 * MINUTE;

/** The wait after `failures` failed logins of one account, in seconds (0: none). */
export function accountWaitSeconds(failures: number) {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_FIRST_WAIT_SECONDS * 2 ** (failures - ACCOUNT_FREE_FAILURES), ACCOUNT_LONGEST_WAIT_SECONDS);
}

export type LimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };
type Budget = { points: number; durationSeconds: number };
type LimitSettings = { rateLimitPerMinute: number; mailsPerAddressPerHour: number };

async function consume(limiter: RateLimiterAbstract, key: string): Promise<LimitOutcome> {
  try {
    await limiter.consume(key);
    return { allowed: true };
  } catch (refusal) {
    // A store failure is not a refusal: it goes on to the caller's fallback.
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
  }
}

/** The one-way key of a target, so no address or code is kept in the store. */
function targetKey(value: string) {
  return createHash("sha256").update(value.trim().toLowerCase()).digest("base64url");
}

export function createRateLimits(state: SharedState, settings: LimitSettings, onRefused: (limit: string) => void = () => {}) {
  /** A store in Redis when the portal has it, else (and while Redis is away) in this instance's memory. */
  function store(name: string, { points, durationSeconds }: Budget) {
    const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });
    const shared = state.redis
      ? new RateLimiterRedis({ storeClient: state.redis, keyPrefix: `rp:limit:${name}`, points, duration: durationSeconds })
      : null;
    return <T>(use: (limiter: RateLimiterAbstract) => Promise<T>) =>
      shared
        ? state.attempt(
            () => use(shared),
            () => use(memory),
          )
        : use(memory);
  }

  function limiter(name: string, budget: Budget) {
    const within = store(name, budget);
    return async (key: string): Promise<LimitOutcome> => {
      const outcome = await within((limiter) => consume(limiter, key));
      if (!outcome.allowed) onRefused(name);
      return outcome;
    };
  }

  // Failures are counted for a day from the first; the wait is a block of its own store.
  const accountFailures = store("account-failures", { points: Number.MAX_SAFE_INTEGER, durationSeconds: DAY });
  const accountWait = store("account-wait", { points: 1, durationSeconds: ACCOUNT_LONGEST_WAIT_SECONDS });

  const perClient = limiter("client", { points: settings.rateLimitPerMinute, durationSeconds: MINUTE });
  const mailsPerAddress = limiter("mail", { points: settings.mailsPerAddressPerHour, durationSeconds: HOUR });
  const checksPerCode = limiter("code", { points: settings.rateLimitPerMinute, durationSeconds: HOUR });

  async function refuseOver(outcome: Promise<LimitOutcome>, messageKey: "tooManyForAddress" | "tooManyForCode") {
    const result = await outcome;
    if (!result.allowed) throw new TooManyRequestsError(messageKey, result.retryAfterSeconds);
  }

  return {
    /** One post of `budget` (a form, or the captcha checks of every form) by one client. */
    client: (budget: string, clientIp: string) => perClient(`${budget}|${clientIp}`),
    /** Before the backend mails `address` (password reset, welcome, invitation): throws TooManyRequestsError over the budget. */
    mailTo: (address: string) => refuseOver(mailsPerAddress(targetKey(address)), "tooManyForAddress"),
    /** Before an offline code is checked: throws TooManyRequestsError over the budget. */
    checkCode: (code: string) => refuseOver(checksPerCode(targetKey(code)), "tooManyForCode"),
    /** Before a login of `email` reaches the backend: throws TooManyRequestsError while the account's wait lasts. */
    async loginOf(email: string) {
      const waiting = await accountWait((limiter) => limiter.get(targetKey(email)));
      if (waiting && waiting.consumedPoints > 0 && waiting.msBeforeNext > 0) {
        onRefused("account");
        throw new TooManyRequestsError("tooManyForAccount", Math.ceil(waiting.msBeforeNext / 1000));
      }
    },
    /** A failed login of `email`: counted, and past the free ones the next try waits. */
    async loginFailed(email: string) {
      const key = targetKey(email);
      const failures = (await accountFailures((limiter) => limiter.penalty(key))).consumedPoints;
      const wait = accountWaitSeconds(failures);
      if (wait > 0) await accountWait((limiter) => limiter.block(key, wait));
    },
    /** A successful login of `email`, or a new password set from a mailed link: the count starts again. */
    async loginSucceeded(email: string) {
      const key = targetKey(email);
      await Promise.all([accountFailures((limiter) => limiter.delete(key)), accountWait((limiter) => limiter.delete(key))]);
    },
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;
