import { describe, expect, it } from "vitest";
import { createSealer } from "../platform/seal.server";
import { createChoiceCookies } from "./choice-cookies.server";

const sealer = createSealer(["choice-cookies-test-secret-0123456789"]);
const production = createChoiceCookies({ sealer, secure: true });
const telekom = { url: "http://telekom.localhost/" };
const pair = (setCookie: string) => setCookie.split(";")[0];
const requestWith = (cookie: string, url = telekom.url) => new Request(url, { headers: { cookie } });

describe("the cookies that keep a visitor's choices", () => {
  it("are sealed, HttpOnly, SameSite=Lax and __Host- in production, and last their time", () => {
    const consent = production.consent.write(telekom, { functional: true, analytical: false, marketing: true });
    expect(consent).toMatch(/^__Host-rp_consent=/);
    expect(consent).toMatch(/Max-Age=5184000/);
    expect(consent).toMatch(/HttpOnly/);
    expect(consent).toMatch(/Secure/);
    expect(consent).toMatch(/SameSite=Lax/);
    expect(consent).not.toMatch(/Domain=/i);
    expect(pair(consent)).not.toMatch(/functional|v1\./);
    expect(production.consent.read(requestWith(pair(consent)))).toEqual({ functional: true, analytical: false, marketing: true });
    expect(pair(production.locale.write(telekom, "en"))).toMatch(/^__Host-lng=/);
    expect(pair(production.channel.write(telekom, "mail"))).toMatch(/^__Host-rp_channel=/);
    expect(pair(production.device.write(telekom, { id: "0".repeat(32), accounts: [] }))).toMatch(/^__Host-rp_device=/);
  });

  it("read a forged value, one without the prefix, or one sealed for another tenant's host as absent", () => {
    const forged = ["__Host-rp_consent=v1.1.1.1", "rp_consent=v1.1.1.1", "__Host-lng=en", "lng=ZW4%3D", "__Host-rp_channel=mail"].join(
      "; ",
    );
    expect(production.consent.read(requestWith(forged))).toBeNull();
    expect(production.locale.read(requestWith(forged))).toBeNull();
    expect(production.channel.read(requestWith(forged))).toBeNull();

    const friday = pair(production.locale.write({ url: "http://friday.localhost/" }, "en"));
    expect(production.locale.read(requestWith(friday, "http://friday.localhost/"))).toBe("en");
    expect(production.locale.read(requestWith(friday))).toBeNull();
    // Nor does a value move to another cookie's name.
    const asConsent = friday.replace("__Host-lng", "__Host-rp_consent");
    expect(production.consent.read(requestWith(asConsent, "http://friday.localhost/"))).toBeNull();
  });

  it("trust a browser for the accounts that logged in on it, by a one-way key, five at most", () => {
    const first = pair(production.trustDevice(requestWith(""), "Demo@Telekom.example "));
    const device = production.device.read(requestWith(first))!;
    expect(device.id).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(device)).not.toMatch(/demo|telekom/i);
    expect(production.trustedDeviceFor(requestWith(first), "demo@telekom.example")).toBe(device.id);
    expect(production.trustedDeviceFor(requestWith(first), "other@telekom.example")).toBeNull();

    let cookie = first;
    for (const name of ["a", "b", "c", "d", "e"]) cookie = pair(production.trustDevice(requestWith(cookie), `${name}@telekom.example`));
    expect(production.trustedDeviceFor(requestWith(cookie), "e@telekom.example")).toBe(device.id);
    expect(production.trustedDeviceFor(requestWith(cookie), "demo@telekom.example")).toBeNull();
  });
});
