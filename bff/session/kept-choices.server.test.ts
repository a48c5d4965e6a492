import { describe, expect, it } from "vitest";
import { createSealer } from "../platform/seal.server";
import { createChoiceCookies } from "./choice-cookies.server";
import { createKeptChoices } from "./kept-choices.server";

const sealer = createSealer(["kept-choices-test-secret-0123456789"]);
const choices = createChoiceCookies({ sealer, secure: false });
const origin = "http://telekom.localhost";
const at = { url: `${origin}/` };
const pair = (setCookie: string) => setCookie.split(";")[0];
const english = pair(choices.locale.write(at, "en"));

function logoutRequest(cookie: string) {
  return new Request(`${origin}/logout`, { method: "POST", headers: { cookie } });
}

function keptAt(address: string, host = origin) {
  return new Request(new URL(address, host));
}

describe("the choices a logout keeps", () => {
  it("carries the cookie choice, the language and the trusted device to /behalten, sealed, and sets them again there", async () => {
    const kept = createKeptChoices(sealer, choices);
    const consent = pair(choices.consent.write(at, { functional: true, analytical: false, marketing: true }));
    const device = pair(choices.trustDevice(logoutRequest(""), "demo@telekom.example"));
    const address = kept.addressAfterLogout(logoutRequest(`${consent}; ${english}; ${device}; rp_session=x`), "/login");
    expect(address).toMatch(/^\/behalten\?w=/);
    const read = kept.read(keptAt(address))!;
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
    const kept = createKeptChoices(sealer, choices);
    expect(kept.addressAfterLogout(logoutRequest("rp_session=x; lng=en; rp_consent=v1.1.1.1"), "/login")).toBe("/login");
  });

  it("refuses an address of another host, one older than a minute, and one not sealed here", async () => {
    let now = 1_000_000;
    const kept = createKeptChoices(sealer, choices, () => now);
    const address = kept.addressAfterLogout(logoutRequest(english), "/login");
    expect(kept.read(keptAt(address, "http://allianz.localhost"))).toBeNull();
    expect(kept.read(keptAt("/behalten?w=abc.def"))).toBeNull();
    now += 61_000;
    expect(kept.read(keptAt(address))).toBeNull();
  });

  it("never sends the browser off the portal", async () => {
    const kept = createKeptChoices(sealer, choices);
    expect(kept.read(keptAt(kept.addressAfterLogout(logoutRequest(english), "//evil.example/")))?.to).toBe("/login");
  });
});
