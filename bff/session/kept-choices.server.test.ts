import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type TestRedis } from "../../tests/support/redis";
import { memoryLogger } from "../../tests/support/test-logger";
import { createSealer } from "../platform/seal.server";
import { createSharedState, type SharedState } from "../state/shared-state.server";
import { createSingleUse } from "../state/single-use.server";
import { createChoiceCookies } from "./choice-cookies.server";
import { createKeptChoices, type KeptChoices } from "./kept-choices.server";

const sealer = createSealer(["kept-choices-test-secret-0123456789"]);
const choices = createChoiceCookies({ sealer, secure: false });
const origin = "http://telekom.localhost";
const at = { url: `${origin}/` };
const pair = (setCookie: string) => setCookie.split(";")[0];
const english = pair(choices.locale.write(at, "en"));
const inMemory = () => createSingleUse(createSharedState({ logger: memoryLogger().logger }), "kept", 120);

function logoutRequest(cookie: string) {
  return new Request(`${origin}/logout`, { method: "POST", headers: { cookie } });
}

/** `/behalten` as the logout's redirect reaches it: a navigation from the portal itself. */
function keptAt(
  address: string,
  { host = origin, headers = { "sec-fetch-site": "same-origin" } as Record<string, string>, cookie = "" } = {},
) {
  return new Request(new URL(address, host), { headers: { ...headers, cookie } });
}

const taken = (outcome: Awaited<ReturnType<ReturnType<typeof createKeptChoices>["take"]>>) => {
  if ("refused" in outcome) throw new Error(`refused: ${outcome.refused}`);
  return outcome as KeptChoices;
};

describe("the choices a logout keeps", () => {
  it("carries the cookie choice, the language and the trusted device to /behalten, sealed, and sets them again there", async () => {
    const kept = createKeptChoices(sealer, choices, inMemory());
    const consent = pair(choices.consent.write(at, { functional: true, analytical: false, marketing: true }));
    const device = pair(choices.trustDevice(logoutRequest(""), "demo@telekom.example"));
    const address = kept.addressAfterLogout(logoutRequest(`${consent}; ${english}; ${device}; rp_session=x`), "/login");
    expect(address).toMatch(/^\/behalten\?w=/);
    const read = taken(await kept.take(keptAt(address)));
    expect(read).toMatchObject({
      to: "/login",
      choices: { consent: { functional: true, analytical: false, marketing: true }, locale: "en" },
    });

    const setAgain = new Request(`${origin}/`, { headers: { cookie: kept.cookiesFor(keptAt(address), read).map(pair).join("; ") } });
    expect(choices.locale.read(setAgain)).toBe("en");
    expect(choices.consent.read(setAgain)).toEqual({ functional: true, analytical: false, marketing: true });
    expect(choices.trustedDeviceFor(setAgain, "demo@telekom.example")).toBe(choices.device.read(logoutRequest(device))!.id);
  });

  it("goes straight on when there is nothing to keep, or only values it did not seal", async () => {
    const kept = createKeptChoices(sealer, choices, inMemory());
    expect(kept.addressAfterLogout(logoutRequest("rp_session=x; lng=en; rp_consent=v1.1.1.1"), "/login")).toBe("/login");
  });

  it("refuses an address of another host, one older than a minute, and one not sealed here", async () => {
    let now = 1_000_000;
    const kept = createKeptChoices(sealer, choices, inMemory(), () => now);
    const address = kept.addressAfterLogout(logoutRequest(english), "/login");
    expect(await kept.take(keptAt(address, { host: "http://allianz.localhost" }))).toEqual({ refused: "none" });
    expect(await kept.take(keptAt("/behalten?w=abc.def"))).toEqual({ refused: "none" });
    now += 61_000;
    expect(await kept.take(keptAt(address))).toEqual({ refused: "none" });
  });

  it.each([
    ["a link from another site", { "sec-fetch-site": "cross-site" }],
    ["a link from a sibling subdomain", { "sec-fetch-site": "same-site" }],
    ["an address opened from a mail or a chat (Sec-Fetch-Site: none)", { "sec-fetch-site": "none" }],
    ["a browser that sends neither Sec-Fetch-Site nor a Referer", {}],
    ["a browser without Sec-Fetch-Site, from another site", { referer: "https://evil.example/page" }],
    ["a browser without Sec-Fetch-Site, from a lookalike host", { referer: "http://telekom.localhost.evil.example/" }],
  ])("refuses %s, and the address still works for its owner", async (_name, headers) => {
    const kept = createKeptChoices(sealer, choices, inMemory());
    const address = kept.addressAfterLogout(logoutRequest(english), "/login");
    expect(await kept.take(keptAt(address, { headers }))).toEqual({ refused: "cross-site", to: "/login" });
    expect(taken(await kept.take(keptAt(address, { headers: { referer: `${origin}/persoenlicherbereich` } }))).choices.locale).toBe("en");
  });

  it("works once: a second use is refused", async () => {
    const kept = createKeptChoices(sealer, choices, inMemory());
    const address = kept.addressAfterLogout(logoutRequest(english), "/login");
    taken(await kept.take(keptAt(address)));
    expect(await kept.take(keptAt(address))).toEqual({ refused: "used", to: "/login" });
  });

  it("never replaces a choice the browser holds: only those it lacks are set", async () => {
    const kept = createKeptChoices(sealer, choices, inMemory());
    const theirs = pair(choices.trustDevice(logoutRequest(""), "attacker@telekom.example"));
    const address = kept.addressAfterLogout(logoutRequest(`${english}; ${theirs}`), "/login");
    const own = pair(choices.trustDevice(logoutRequest(""), "owner@telekom.example"));
    const german = pair(choices.locale.write(at, "de"));
    const visit = keptAt(address, { cookie: `${own}; ${german}` });
    expect(kept.cookiesFor(visit, taken(await kept.take(visit)))).toEqual([]);
    const withoutLanguage = keptAt(kept.addressAfterLogout(logoutRequest(`${english}; ${theirs}`), "/login"), { cookie: own });
    const set = kept.cookiesFor(withoutLanguage, taken(await kept.take(withoutLanguage)));
    expect(set).toHaveLength(1);
    expect(choices.locale.read(new Request(`${origin}/`, { headers: { cookie: pair(set[0]) } }))).toBe("en");
  });

  it("never sends the browser off the portal", async () => {
    const kept = createKeptChoices(sealer, choices, inMemory());
    expect(taken(await kept.take(keptAt(kept.addressAfterLogout(logoutRequest(english), "//evil.example/")))).to).toBe("/login");
  });
});

describe("with Redis, on two instances", () => {
  let redis: TestRedis;
  const states: SharedState[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(states.map((state) => state.close()));
    await redis.stop();
  });

  it("an address used on one instance is refused on the other", async () => {
    const [first, second] = [0, 1].map(() => {
      const state = createSharedState({ redis: { url: redis.url }, logger: memoryLogger().logger });
      states.push(state);
      return createKeptChoices(sealer, choices, createSingleUse(state, "kept", 120));
    });
    await Promise.all(states.map((state) => state.ready()));
    const address = first.addressAfterLogout(logoutRequest(english), "/login");
    const outcomes = await Promise.all([first.take(keptAt(address)), second.take(keptAt(address))]);
    expect(outcomes.filter((outcome) => "refused" in outcome)).toEqual([{ refused: "used", to: "/login" }]);
  });
});
