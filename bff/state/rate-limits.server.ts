// Budgets against brute force and abuse (docs/security.md, abuse), counted with rate-limiter-flexible:
// in Redis when the portal has it, shared by every instance, else in memory. While Redis is away
// each instance counts on its own (docs/operations.md: when Redis is down or slow), so a client gets at most N times the
// budget for that time; an account's login tries get a much smaller budget of each instance's then.
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { TooManyRequestsError, UpstreamError } from "../legacy/errors";
import { oneWayKey } from "../platform/one-way-key.server";
import type { SharedState } from "./shared-state.server";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Login tries of one account (docs/decisions/054): reserved before the backend is asked, so tries in
 * flight count as well as failed ones, on every instance. A failed try keeps its place; a success, or
 * an answer that judged no password, gives it back. Browsers that never logged in to the account
 * share one budget; each browser that did (its trusted-device cookie) has its own, which no one else
 * can use up. A new password set from a mailed link starts the shared budget again.
 */
export const LOGIN_TRIES = [
  { points: 5, durationSeconds: 15 * MINUTE },
  { points: 20, durationSeconds: DAY },
] as const;

/**
 * What an instance gives one account on its own while Redis cannot take the shared budget (a failover, an
 * outage): much less, since each instance counts alone and the shared count may already be used up.
 */
export const LOGIN_TRIES_WITHOUT_REDIS = [
  { points: 1, durationSeconds: 15 * MINUTE },
  { points: 3, durationSeconds: DAY },
] as const;

/**
 * Guesses of what a link carries (issue 67), per client in a window of ten minutes: a recommendation
 * number the client has not looked up in the window costs 1 where the backend knows it and
 * UNKNOWN_NUMBER_COST where it does not (looking it up again costs nothing); a token the backend refuses
 * (a reward's, a customer number's, a newsletter's) costs 1 of its own budget. Settings in the README.
 */
export const GUESS_WINDOW_SECONDS = 10 * MINUTE;
export const UNKNOWN_NUMBER_COST = 10;

/** How a lookup was answered: the backend knew what was asked, refused it, or gave no answer (which costs nothing). */
type Answer = "known" | "unknown" | "none";

function answerOf(error: unknown): Answer {
  const refusedByTheBackend = error instanceof UpstreamError && error.status >= 400 && error.status < 500 && error.status !== 429;
  return refusedByTheBackend ? "unknown" : "none";
}

/** A reserved login try: give it back where the backend did not refuse the password. */
export type LoginTry = { giveBack(): Promise<void> };

export type LimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };
type Budget = { points: number; durationSeconds: number };
const DEFAULT_GUESSES = { numberPoints: 100, failedTokens: 10 };
type LimitSettings = {
  rateLimitPerMinute: number;
  mailsPerAddressPerHour: number;
  /** Points a client's number lookups may cost in GUESS_WINDOW_SECONDS, and how many of its token lookups may fail. */
  guesses?: { numberPoints: number; failedTokens: number };
};

async function consume(limiter: RateLimiterAbstract, key: string, points = 1): Promise<LimitOutcome> {
  try {
    await limiter.consume(key, points);
    return { allowed: true };
  } catch (refusal) {
    // A store failure is not a refusal: it goes on to the caller's fallback.
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
  }
}

export function createRateLimits(state: SharedState, settings: LimitSettings, onRefused: (limit: string) => void = () => {}) {
  /**
   * A store in Redis when the portal has it, else in this instance's memory; while Redis fails, in this
   * instance's memory with `whileRedisFails`'s budget.
   * A refusal Redis gave stands even where the write behind it was not confirmed in time (a replica
   * slow to take it, a busy process): refusing is the safe side, and the memory store would not know.
   */
  function store(name: string, budget: Budget, whileRedisFails: Budget = budget) {
    const inMemory = ({ points, durationSeconds }: Budget) => new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });
    if (!state.redis) {
      const memory = inMemory(budget);
      return <T>(use: (limiter: RateLimiterAbstract) => Promise<T>) => use(memory);
    }
    const shared = new RateLimiterRedis({
      storeClient: state.redis,
      keyPrefix: `rp:limit:${name}`,
      points: budget.points,
      duration: budget.durationSeconds,
    });
    const fallback = inMemory(whileRedisFails);
    return async <T>(use: (limiter: RateLimiterAbstract) => Promise<T>, stands: (answer: T) => boolean = () => false) => {
      let answered: { answer: T } | undefined;
      return state.attempt(
        async () => (answered = { answer: await use(shared) }).answer,
        () => (answered && stands(answered.answer) ? answered.answer : use(fallback)),
      );
    };
  }
  const refused = (outcome: LimitOutcome) => !outcome.allowed;

  function limiter(name: string, budget: Budget) {
    const within = store(name, budget);
    return async (key: string): Promise<LimitOutcome> => {
      const outcome = await within((limiter) => consume(limiter, key), refused);
      if (!outcome.allowed) onRefused(name);
      return outcome;
    };
  }

  const loginWindows = LOGIN_TRIES.map((budget, index) => store(`login-tries-${index}`, budget, LOGIN_TRIES_WITHOUT_REDIS[index]));

  /** Takes one point of `key` in every window, or none: a refused take is given back, as are the windows taken before it. */
  async function reserveInEvery(windows: typeof loginWindows, key: string): Promise<LimitOutcome> {
    const taken: typeof loginWindows = [];
    for (const window of windows) {
      const outcome = await window((limiter) => consume(limiter, key), refused);
      if (!outcome.allowed) {
        await giveBackIn([...taken, window], key);
        return outcome;
      }
      taken.push(window);
    }
    return { allowed: true };
  }

  async function giveBackIn(windows: typeof loginWindows, key: string) {
    await Promise.all(windows.map((window) => window((limiter) => limiter.reward(key, 1))));
  }

  const perClient = limiter("client", { points: settings.rateLimitPerMinute, durationSeconds: MINUTE });
  const mailsPerAddress = limiter("mail", { points: settings.mailsPerAddressPerHour, durationSeconds: HOUR });
  const checksPerCode = limiter("code", { points: settings.rateLimitPerMinute, durationSeconds: HOUR });

  const { numberPoints, failedTokens } = settings.guesses ?? DEFAULT_GUESSES;
  const numberGuesses = store("guess-numbers", { points: numberPoints, durationSeconds: GUESS_WINDOW_SECONDS });
  const numbersSeen = store("guess-seen", { points: 1, durationSeconds: GUESS_WINDOW_SECONDS });
  const tokenGuesses = store("guess-tokens", { points: failedTokens, durationSeconds: GUESS_WINDOW_SECONDS });

  /**
   * `lookup` within `key`'s budget in `window`: the most it can cost is taken first (none left: 429, and
   * nothing is asked), and what its answer does not cost is given back.
   */
  async function withinBudget<T>(window: typeof numberGuesses, key: string, costOf: Record<Answer, number>, lookup: () => Promise<T>) {
    const most = Math.max(...Object.values(costOf));
    const outcome = await window((limiter) => consume(limiter, key, most), refused);
    if (!outcome.allowed) {
      onRefused("guesses");
      throw new TooManyRequestsError("tooManyLookups", outcome.retryAfterSeconds);
    }
    const settle = (answer: Answer) => most > costOf[answer] && window((limiter) => limiter.reward(key, most - costOf[answer]));
    try {
      const answer = await lookup();
      await settle("known");
      return answer;
    } catch (error) {
      await settle(answerOf(error));
      throw error;
    }
  }

  async function refuseOver(outcome: Promise<LimitOutcome>, messageKey: "tooManyForAddress" | "tooManyForCode") {
    const result = await outcome;
    if (!result.allowed) throw new TooManyRequestsError(messageKey, result.retryAfterSeconds);
  }

  return {
    /** One post of `budget` (a form, or the captcha checks of every form) by one client. */
    client: (budget: string, clientIp: string) => perClient(`${budget}|${clientIp}`),
    /** Before the backend mails `address` (password reset, welcome, invitation): throws TooManyRequestsError over the budget. */
    mailTo: (address: string) => refuseOver(mailsPerAddress(oneWayKey(address)), "tooManyForAddress"),
    /** Before an offline code is checked: throws TooManyRequestsError over the budget. */
    checkCode: (code: string) => refuseOver(checksPerCode(oneWayKey(code)), "tooManyForCode"),
    /**
     * Before a login of `email` reaches the backend: reserves a try in the budget of `device` (a browser
     * the account logged in on before) or, without one, in the account's shared budget; throws
     * TooManyRequestsError where it is used up.
     */
    async reserveLogin(email: string, device: string | null): Promise<LoginTry> {
      const key = device ? `device|${device}|${oneWayKey(email)}` : `account|${oneWayKey(email)}`;
      const outcome = await reserveInEvery(loginWindows, key);
      if (!outcome.allowed) {
        onRefused(device ? "device" : "account");
        throw new TooManyRequestsError("tooManyForAccount", outcome.retryAfterSeconds);
      }
      return { giveBack: () => giveBackIn(loginWindows, key) };
    },
    /** How login tries are counted now: shared by every instance, or each instance's own smaller budget while Redis fails. */
    loginTriesCounted(): string {
      const { store, degraded } = state.health();
      if (store !== "redis" || !degraded) return store === "redis" ? "shared" : "this instance";
      const [quarter, day] = LOGIN_TRIES_WITHOUT_REDIS;
      return `per instance while Redis fails: ${quarter.points} an account a quarter hour, ${day.points} a day`;
    },
    /**
     * A recommendation number `client` asks for (a recipient's page, a share page, their pictures), looked
     * up by `lookup` within the client's budget of guesses; one it asked for in the window costs nothing.
     * Throws TooManyRequestsError, without asking, where the budget is used up.
     */
    async lookUpNumber<T>(client: string, number: string, lookup: () => Promise<T>): Promise<T> {
      const seen = `${client}|${oneWayKey(number.trim().toUpperCase())}`;
      if (!(await numbersSeen((limiter) => consume(limiter, seen), refused)).allowed) return lookup();
      try {
        return await withinBudget(numberGuesses, client, { known: 1, unknown: UNKNOWN_NUMBER_COST, none: 0 }, lookup);
      } catch (error) {
        // Not looked up, or no answer: asking again later is a lookup of its own.
        if (error instanceof TooManyRequestsError || answerOf(error) === "none") await numbersSeen((limiter) => limiter.delete(seen));
        throw error;
      }
    },
    /** A token from a link (a reward's, a customer number's, a newsletter's) that `client` has `lookup` check: a refused one counts. */
    lookUpToken: <T>(client: string, lookup: () => Promise<T>) =>
      withinBudget(tokenGuesses, client, { known: 0, unknown: 1, none: 0 }, lookup),
    /** A new password set from a mailed link: the owner proved the mailbox, and the shared budget starts again. */
    async passwordSetFromMail(email: string) {
      const key = `account|${oneWayKey(email)}`;
      await Promise.all(loginWindows.map((window) => window((limiter) => limiter.delete(key))));
    },
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;
