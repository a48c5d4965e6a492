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
  function limiter(name: string, { points, durationSeconds }: Budget) {
    const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });
    const shared = state.redis
      ? new RateLimiterRedis({ storeClient: state.redis, keyPrefix: `rp:limit:${name}`, points, duration: durationSeconds })
      : null;
    return async (key: string): Promise<LimitOutcome> => {
      const outcome = shared
        ? await state.attempt(
            () => consume(shared, key),
            () => consume(memory, key),
          )
        : await consume(memory, key);
      if (!outcome.allowed) onRefused(name);
      return outcome;
    };
  }

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
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;
