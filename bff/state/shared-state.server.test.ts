// The shared state against a real redis-server: two "instances" (two BFF parts on one Redis) share
// logged-out sessions, rate-limit counts and submissions; a restarted one still knows them; and a
// Redis that is down or slow weakens them as README's outage policy says, with one warning.
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type TestRedis } from "../../tests/support/redis";
import { memoryLogger } from "../../tests/support/test-logger";
import { LegacyApiError, LinkEndedError, TooManyRequestsError, UpstreamUnavailableError } from "../legacy/errors";
import { createSealer } from "../platform/seal.server";
import { createLoggedOutSessions } from "./logged-out-sessions.server";
import { createRateLimits, LOGIN_TRIES, LOGIN_TRIES_WITHOUT_REDIS } from "./rate-limits.server";
import { createSharedState, type SharedState } from "./shared-state.server";
import { createSingleUse } from "./single-use.server";
import { createSubmissionRecords, recordKey } from "./submissions.server";

let redis: TestRedis;
const opened: SharedState[] = [];

function instance({ redisUrl = redis.url, claimMs = 2_000 }: { redisUrl?: string; claimMs?: number } = {}) {
  const { logger, lines } = memoryLogger();
  const state = createSharedState({ redis: redisUrl ? { url: redisUrl } : undefined, logger });
  opened.push(state);
  const settings = { rateLimitPerMinute: 3, mailsPerAddressPerHour: 2 };
  return {
    state,
    lines,
    warnings: () => lines.filter((line) => line.level === "warn"),
    loggedOut: createLoggedOutSessions(state),
    limits: createRateLimits(state, settings),
    submissions: createSubmissionRecords(state, {
      claimMs,
      sealer: createSealer(["shared-state-test-secret-0123456789"]),
      browserOf: (request) => request.headers.get("x-browser") ?? undefined,
    }),
  };
}

async function readyInstances(count: number) {
  const made = Array.from({ length: count }, () => instance());
  await Promise.all(made.map(({ state }) => state.ready()));
  return made;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((state) => state.close()));
});
afterAll(async () => {
  await redis.stop();
});

describe("with Redis, shared by every instance and kept across a restart", () => {
  it("a logout on one instance is known on the other, and on a restarted one", async () => {
    const [first, second] = await readyInstances(2);
    const token = unique("token");
    expect(await second.loggedOut.stateOf(token)).toBe("open");
    await first.loggedOut.add(token);
    expect(await second.loggedOut.stateOf(token)).toBe("logged-out");
    const [restarted] = await readyInstances(1);
    expect(await restarted.loggedOut.stateOf(token)).toBe("logged-out");
    expect(await restarted.loggedOut.stateOf(unique("other"))).toBe("open");
  });

  it("an account's sessions issued before its password changed end on every instance, and on a restarted one; later ones and other accounts go on", async () => {
    const [first, second] = await readyInstances(2);
    const account = { tenant: "telekom", email: `${unique("anna")}@example.org` };
    const now = Math.floor(Date.now() / 1000);
    const [before, after] = [unique("stolen"), unique("renewed")];
    expect(await second.loggedOut.stateOf(before, now - 60, account)).toBe("open");
    await first.loggedOut.endAccountSessionsBefore(account, now);
    for (const instance of [first, second, ...(await readyInstances(1))]) {
      expect(await instance.loggedOut.stateOf(before, now - 60, account)).toBe("logged-out");
      // However the address is spelt in the session.
      expect(await instance.loggedOut.stateOf(before, now - 60, { ...account, email: account.email.toUpperCase() })).toBe("logged-out");
      expect(await instance.loggedOut.stateOf(after, now, account)).toBe("open");
      expect(await instance.loggedOut.stateOf(before, now - 60, { ...account, tenant: "friday" })).toBe("open");
      expect(await instance.loggedOut.stateOf(before, now - 60)).toBe("open");
    }
  });

  it("link lookups: a client's budget counts distinct numbers across instances, unknown ones ten times, the same one again not at all", async () => {
    const [first, second] = await readyInstances(2);
    const client = unique("198.51.100.7");
    const known = () => Promise.resolve("found");
    const unknown = () => Promise.reject(new LegacyApiError("getRecommendation", 404, "PSOF0301", "linkExpired"));
    // Its own link, followed again and again on either instance: one point, once.
    for (let visit = 0; visit < 50; visit++) await (visit % 2 ? first : second).limits.lookUpNumber(client, "TK-100001", known);
    // Nine unknown numbers (90 points) and nine more known ones (9) fill the budget of 100 …
    for (let guess = 0; guess < 8; guess++)
      await expect((guess % 2 ? first : second).limits.lookUpNumber(client, `TK-9${guess}`, unknown)).rejects.toBeInstanceOf(
        LegacyApiError,
      );
    for (let other = 0; other < 9; other++) await first.limits.lookUpNumber(client, `TK-5${other}`, known);
    await expect(second.limits.lookUpNumber(client, "TK-98", unknown)).rejects.toBeInstanceOf(LegacyApiError);
    // … so the next new number is refused without asking, on either instance, and its own link still opens.
    let asked = false;
    const asking = () => ((asked = true), unknown());
    await expect(second.limits.lookUpNumber(client, "TK-99", asking)).rejects.toMatchObject({ status: 429, messageKey: "tooManyLookups" });
    expect(asked).toBe(false);
    await expect(first.limits.lookUpNumber(client, "tk-100001 ", known)).resolves.toBe("found");
    // Another client has its own budget; a backend that gives no answer costs nothing.
    const other = unique("198.51.100.8");
    const down = () => Promise.reject(new UpstreamUnavailableError("getRecommendation", "down"));
    for (let attempt = 0; attempt < 30; attempt++) await expect(first.limits.lookUpNumber(other, `TK-7${attempt}`, down)).rejects.toThrow();
    await expect(first.limits.lookUpNumber(other, "TK-100001", known)).resolves.toBe("found");
  });

  it("link lookups: a token the backend refuses counts, one it accepts does not; past ten refusals the client is refused without asking", async () => {
    const [first, second] = await readyInstances(2);
    const client = unique("198.51.100.9");
    const accepted = () => Promise.resolve("booking");
    const refusedToken = () => Promise.reject(new LinkEndedError("getRewardBooking", 410, "PSOF0402", "rewardTokenInvalid", "reward"));
    for (let look = 0; look < 30; look++) await first.limits.lookUpToken(client, accepted);
    for (let guess = 0; guess < 10; guess++)
      await expect((guess % 2 ? first : second).limits.lookUpToken(client, refusedToken)).rejects.toBeInstanceOf(LinkEndedError);
    await expect(second.limits.lookUpToken(client, accepted)).rejects.toMatchObject({ status: 429 });
  });

  it("rate limits count once across instances", async () => {
    const [first, second] = await readyInstances(2);
    const client = unique("203.0.113.7");
    const outcomes = [];
    for (const limits of [first.limits, second.limits, first.limits, second.limits])
      outcomes.push((await limits.client("login", client)).allowed);
    expect(outcomes).toEqual([true, true, true, false]);
    const refused = await first.limits.client("login", client);
    expect(refused.allowed || refused.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("mails per address count across instances, whatever the address's case", async () => {
    const [first, second] = await readyInstances(2);
    const address = `${unique("anna")}@example.org`;
    await first.limits.mailTo(address);
    await second.limits.mailTo(address.toUpperCase());
    await expect(first.limits.mailTo(` ${address} `)).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(first.limits.checkCode(unique("CODE"))).resolves.toBeUndefined();
  });

  it("login tries of one account are reserved before asking: fifty at once on two instances get the budget, however spelt", async () => {
    const [first, second] = await readyInstances(2);
    const email = `${unique("owner")}@example.org`;
    const spellings = [email, email.toUpperCase(), ` ${email} `];
    const tries = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) => [first, second][index % 2].limits.reserveLogin(spellings[index % 3], null)),
    );
    const budget = LOGIN_TRIES[0].points;
    // Which of the fifty get the budget is the order they reach Redis in, not the order they were asked.
    const reserved = tries.filter(
      (outcome): outcome is PromiseFulfilledResult<{ giveBack(): Promise<void> }> => outcome.status === "fulfilled",
    );
    expect(reserved).toHaveLength(budget);
    const refusals = tries.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    expect(refusals.every(({ reason }) => reason instanceof TooManyRequestsError && reason.retryAfterSeconds > 14 * 60)).toBe(true);

    // A device the account logged in on has its own budget, which those tries did not touch.
    const owners = await Promise.all([first.limits.reserveLogin(email, "device-1"), second.limits.reserveLogin(email, "device-1")]);
    await Promise.all(owners.map((reserved) => reserved.giveBack()));
    // A given-back try (a success, or an answer that judged no password) frees its place; a kept one does not.
    await expect(first.limits.reserveLogin(email, null)).rejects.toBeInstanceOf(TooManyRequestsError);
    await reserved[0].value.giveBack();
    await expect(second.limits.reserveLogin(email, null)).resolves.toBeDefined();
    await expect(first.limits.reserveLogin(email, null)).rejects.toBeInstanceOf(TooManyRequestsError);
    // An instance started afresh knows the tries too.
    const [restarted] = await readyInstances(1);
    await expect(restarted.limits.reserveLogin(email, null)).rejects.toBeInstanceOf(TooManyRequestsError);
    // A new password from a mailed link starts the shared budget again, on every instance.
    await second.limits.passwordSetFromMail(email);
    await expect(first.limits.reserveLogin(email, null)).resolves.toBeDefined();
  });

  it("a refusal Redis gave stands where the write behind it was not confirmed in time (a replica slow to take it)", async () => {
    const [first] = await readyInstances(1);
    const email = `${unique("owner")}@example.org`;
    for (let index = 0; index < LOGIN_TRIES[0].points; index++) await first.limits.reserveLogin(email, null);
    const unconfirmed: SharedState = {
      ...first.state,
      attempt: (operation, fallback, kind) =>
        first.state.attempt(
          async (client) => {
            await operation(client);
            throw new Error("no replica took the write in time");
          },
          fallback,
          kind,
        ),
    };
    const limits = createRateLimits(unconfirmed, { rateLimitPerMinute: 3, mailsPerAddressPerHour: 2 });
    await expect(limits.reserveLogin(email, null)).rejects.toBeInstanceOf(TooManyRequestsError);
    // An allowed take whose write was not confirmed counts in this instance's memory instead, as during an outage.
    await expect(limits.reserveLogin(`${unique("other")}@example.org`, null)).resolves.toBeDefined();
  });

  it("a device's budget is its own: another device's tries, and the shared ones, never use it up", async () => {
    const [first, second] = await readyInstances(2);
    const email = `${unique("owner")}@example.org`;
    await Promise.allSettled(Array.from({ length: 30 }, () => first.limits.reserveLogin(email, "attacker-device")));
    await Promise.allSettled(Array.from({ length: 30 }, () => second.limits.reserveLogin(email, null)));
    await expect(first.limits.reserveLogin(email, "owner-device")).resolves.toBeDefined();
    await expect(second.limits.reserveLogin(email, "attacker-device")).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it("a submission posted to two instances at once writes once, and both get its result", async () => {
    const [first, second] = await readyInstances(2);
    const id = unique("submission");
    let writes = 0;
    const write = async () => {
      writes++;
      await sleep(200);
      return { number: "AZ-1", writes };
    };
    const results = await Promise.all([
      first.submissions.once([id], write),
      second.submissions.once([id], write),
      second.submissions.once([id], write),
    ]);
    expect(writes).toBe(1);
    // Kept sealed: a result may carry a backend token.
    const raw = new Redis(redis.url);
    expect(await raw.get(recordKey([id]))).not.toContain("AZ-1");
    raw.disconnect();
    expect(results).toEqual([
      { number: "AZ-1", writes: 1 },
      { number: "AZ-1", writes: 1 },
      { number: "AZ-1", writes: 1 },
    ]);
    const [restarted] = await readyInstances(1);
    expect(await restarted.submissions.once([id], write)).toEqual({ number: "AZ-1", writes: 1 });
    expect(writes).toBe(1);
  });

  it("a submission id replayed by another browser on another instance is a new submission, never the first one's outcome", async () => {
    const [first, second] = await readyInstances(2);
    const id = crypto.randomUUID();
    const post = (browser: string) =>
      new Request("http://allianz.localhost/empfaengerdaten/AZ-100003", { method: "POST", headers: { "x-browser": browser } });
    const submission = { form: "recipient", id, params: { empfehlungsnummer: "AZ-100003" } };
    let writes = 0;
    const write = (who: string) => async () => ({ token: `${who}-token`, writes: ++writes });
    const mine = await first.submissions.onceFromBrowser(post("browser-a"), submission, write("a"));
    const again = await second.submissions.onceFromBrowser(post("browser-a"), submission, write("a"));
    const theirs = await second.submissions.onceFromBrowser(post("browser-b"), submission, write("b"));
    expect(again).toEqual(mine);
    expect(theirs).toEqual({ token: "b-token", writes: 2 });
    // Neither the id nor anything else readable names a record.
    const raw = new Redis(redis.url);
    expect((await raw.keys("rp:submission:*")).join(" ")).not.toContain(id);
    raw.disconnect();
  });

  it("a failed write releases the submission for a retry on any instance", async () => {
    const [first, second] = await readyInstances(2);
    const id = unique("submission");
    await expect(first.submissions.once([id], () => Promise.reject(new Error("backend down")))).rejects.toThrow("backend down");
    await expect(second.submissions.once([id], async () => "written")).resolves.toBe("written");
  });

  it("the claim of a writer that died ends, and a later post writes", async () => {
    const [survivor] = await readyInstances(1);
    const id = unique("submission");
    const raw = new Redis(redis.url);
    await raw.set(recordKey([id]), "pending", "PX", 300);
    raw.disconnect();
    await expect(survivor.submissions.once([id], async () => "written")).resolves.toBe("written");
  });
});

describe("when Redis is down or slow: the outage policy", () => {
  it("keeps serving on this instance's memory, fails closed for what Redis may hold, logs one warning, and shares again once Redis answers", async () => {
    const [first, second] = await readyInstances(2);
    const issuedBefore = nowSeconds();
    await redis.stop();
    const token = unique("token");
    await first.loggedOut.add(token);
    // Logged out here: refused here. The other instance cannot check a session older than the outage:
    // signed out for now (Redis may hold its logout). One issued since is judged by its memory.
    expect(await first.loggedOut.stateOf(token)).toBe("logged-out");
    expect(await second.loggedOut.stateOf(token, issuedBefore)).toBe("unchecked");
    expect(await second.loggedOut.stateOf(unique("token"), nowSeconds() + 1)).toBe("open");
    // A one-use address is refused while Redis cannot say whether another instance used it.
    expect(await createSingleUse(second.state, "test", 60)(unique("address"))).toBe(false);
    // Limits count per instance meanwhile.
    const client = unique("198.51.100.1");
    for (let post = 0; post < 3; post++) expect((await first.limits.client("login", client)).allowed).toBe(true);
    expect((await first.limits.client("login", client)).allowed).toBe(false);
    expect((await second.limits.client("login", client)).allowed).toBe(true);
    // Submissions are written once per instance.
    let writes = 0;
    const id = unique("submission");
    await Promise.all([first.submissions.once([id], async () => ++writes), first.submissions.once([id], async () => ++writes)]);
    expect(writes).toBe(1);
    expect(first.warnings()).toHaveLength(1);
    expect(first.warnings()[0].msg).toMatch(/redis unavailable for read and write/);

    await redis.start();
    await expect.poll(() => second.loggedOut.stateOf(token, issuedBefore), { timeout: 10_000, interval: 200 }).toBe("logged-out");
    await expect.poll(() => first.state.health().degraded, { timeout: 10_000, interval: 200 }).toBe(false);
    expect(first.lines.some((line) => String(line.msg).includes("redis answers reads again"))).toBe(true);
    expect(first.warnings()).toHaveLength(1);
  }, 40_000);

  it("a connection lost for a moment: an operation waits for it, bounded, and is answered by Redis", async () => {
    const [first, second] = await readyInstances(2);
    const token = unique("token");
    await first.loggedOut.add(token);
    const admin = new Redis(redis.url);
    await admin.call("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes");
    expect(await second.loggedOut.stateOf(token)).toBe("logged-out");
    admin.disconnect();
  });

  it("Redis paused past an operation's deadline: its late reply answers, and one miss is no outage", async () => {
    const [first] = await readyInstances(1);
    const token = unique("token");
    await first.loggedOut.add(token);
    const blocker = new Redis(redis.url);
    await blocker.call("CLIENT", "PAUSE", "600", "ALL");
    expect(await first.loggedOut.stateOf(token)).toBe("logged-out");
    expect(first.state.health().degraded).toBe(false);
    expect(first.warnings()).toHaveLength(0);
    blocker.disconnect();
  });

  it("Redis paused for longer: bounded, a session it may hold is unchecked, and misses in a row make it degraded", async () => {
    const [first] = await readyInstances(1);
    const blocker = new Redis(redis.url);
    await blocker.call("CLIENT", "PAUSE", "5000", "ALL");
    await sleep(50);
    const started = Date.now();
    expect(await first.loggedOut.stateOf(unique("token"), nowSeconds() - 60)).toBe("unchecked");
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(first.state.health().degraded).toBe(false);
    for (let read = 0; read < 2; read++) await first.loggedOut.stateOf(unique("token"));
    expect(first.state.health()).toMatchObject({ degraded: true, failing: ["read"] });
    expect(first.warnings()).toHaveLength(1);
    blocker.disconnect();
    // Back once the pause ends, after successes in a row.
    await expect.poll(() => first.state.health().degraded, { timeout: 10_000, interval: 200 }).toBe(false);
  });

  it("a burst that stalls this process is no Redis outage: the reply that came meanwhile is read, and budgets stay shared", async () => {
    const [first, second] = await readyInstances(2);
    const email = `${unique("owner")}@example.org`;
    const tries = Array.from({ length: 20 }, () =>
      first.limits.reserveLogin(email, null).then(
        () => "reserved",
        () => "refused",
      ),
    );
    // The event loop busy for longer than the deadline, as a burst of requests can keep it.
    const busyUntil = Date.now() + 400;
    while (Date.now() < busyUntil);
    const outcomes = await Promise.all(tries);
    expect(outcomes.filter((outcome) => outcome === "reserved")).toHaveLength(LOGIN_TRIES[0].points);
    expect(first.warnings()).toHaveLength(0);
    await expect(second.limits.reserveLogin(email, null)).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it("a Redis that refuses writes but answers reads: degraded, one warning, logouts retried on a timer (never per read), shared again once writes work", async () => {
    const [first, second] = await readyInstances(2);
    const admin = new Redis(redis.url);
    const rejectedWrites = async () => Number(/errorstat_OOM:count=(\d+)/.exec(await admin.info("errorstats"))?.[1] ?? 0);
    // Full, with noeviction: every write that needs memory is refused, reads are answered.
    await admin.config("SET", "maxmemory-policy", "noeviction");
    await admin.config("SET", "maxmemory", "1");
    const tokens = Array.from({ length: 50 }, () => unique("token"));
    try {
      for (const token of tokens) await first.loggedOut.add(token);
      expect(first.loggedOut.unsaved).toBe(50);
      expect(first.state.health()).toEqual({ store: "redis", degraded: true, failing: ["write"] });
      // Reads work, and are not taken for a recovery: 200 pages send no logout again.
      const before = await rejectedWrites();
      for (let page = 0; page < 200; page++) expect(await first.loggedOut.stateOf(unique("other"))).toBe("open");
      expect((await rejectedWrites()) - before).toBeLessThanOrEqual(2);
      expect(first.state.health().failing).toEqual(["write"]);
      // One warning for the whole outage, naming writes.
      expect(first.warnings()).toHaveLength(1);
      expect(first.warnings()[0].msg).toMatch(/redis unavailable for write/);
      // The login budget, while Redis takes no writes, counts per instance (docs/operations.md), and much smaller:
      // one try an account on each, however many the shared budget had left; each refuses past it, and says so.
      const email = `${unique("owner")}@example.org`;
      for (const instance of [first, second]) {
        for (let attempt = 0; attempt < LOGIN_TRIES_WITHOUT_REDIS[0].points; attempt++) await instance.limits.reserveLogin(email, null);
        await expect(instance.limits.reserveLogin(email, null)).rejects.toBeInstanceOf(TooManyRequestsError);
      }
      expect(first.limits.loginTriesCounted()).toBe("per instance while Redis fails: 1 an account a quarter hour, 3 a day");
      expect(first.warnings()[0].msg).toMatch(/login tries to a much smaller budget/);
      // The other instance cannot know this instance's logouts yet.
      expect(await second.loggedOut.stateOf(tokens[0])).toBe("open");
    } finally {
      await admin.config("SET", "maxmemory", "0");
    }
    // The timer writes them once Redis takes writes again; the other instance then refuses them too.
    await expect.poll(() => first.loggedOut.unsaved, { timeout: 10_000, interval: 200 }).toBe(0);
    for (const token of tokens) expect(await second.loggedOut.stateOf(token)).toBe("logged-out");
    expect(first.state.health()).toEqual({ store: "redis", degraded: false, failing: [] });
    expect(first.limits.loginTriesCounted()).toBe("shared");
    expect(first.lines.some((line) => String(line.msg).includes("redis answers writes again"))).toBe(true);
    admin.disconnect();
  });

  it("without REDIS_URL, state lives in memory and no warning is logged", async () => {
    const memory = instance({ redisUrl: "" });
    const token = unique("token");
    await memory.loggedOut.add(token);
    expect(await memory.loggedOut.stateOf(token)).toBe("logged-out");
    expect(memory.state.redis).toBeNull();
    const firstUse = createSingleUse(memory.state, "test", 60);
    expect([await firstUse("address"), await firstUse("address")]).toEqual([true, false]);
    expect(memory.warnings()).toHaveLength(0);
  });
});
