import { describe, expect, it } from "vitest";
import { createKeptChoices } from "./kept-choices.server";
import { localeCookie } from "./locale.server";
import { createSealer } from "./seal.server";

const sealer = createSealer(["kept-choices-test-secret-0123456789"]);
const origin = "http://telekom.localhost";
const english = await localeCookie.serialize("en");

function logoutRequest(cookie: string) {
  return new Request(`${origin}/logout`, { method: "POST", headers: { cookie } });
}

function keptAt(address: string, host = origin) {
  return new Request(new URL(address, host));
}

describe("the choices a logout keeps", () => {
  it("carries the cookie choice and the language to /behalten, sealed, and reads them there", async () => {
    const kept = createKeptChoices(sealer);
    const address = await kept.addressAfterLogout(logoutRequest(`rp_consent=v1.1.0.1; ${english.split(";")[0]}; rp_session=x`), "/login");
    expect(address).toMatch(/^\/behalten\?w=/);
    expect(address).not.toContain("v1.1.0.1");
    expect(kept.read(keptAt(address))).toEqual({
      to: "/login",
      consent: { functional: true, analytical: false, marketing: true },
      locale: "en",
    });
  });

  it("goes straight on when there is nothing to keep", async () => {
    expect(await createKeptChoices(sealer).addressAfterLogout(logoutRequest("rp_session=x; lng=xx"), "/login")).toBe("/login");
  });

  it("refuses an address of another host, one older than a minute, and one not sealed here", async () => {
    let now = 1_000_000;
    const kept = createKeptChoices(sealer, () => now);
    const address = await kept.addressAfterLogout(logoutRequest(english.split(";")[0]), "/login");
    expect(kept.read(keptAt(address, "http://allianz.localhost"))).toBeNull();
    expect(kept.read(keptAt("/behalten?w=abc.def"))).toBeNull();
    now += 61_000;
    expect(kept.read(keptAt(address))).toBeNull();
  });

  it("never sends the browser off the portal", async () => {
    const kept = createKeptChoices(sealer);
    expect(kept.read(keptAt(await kept.addressAfterLogout(logoutRequest(english.split(";")[0]), "//evil.example/")))?.to).toBe("/login");
  });
});
