import { parse } from "cookie";
import { describe, expect, it } from "vitest";
import { createSealer } from "../platform/seal.server";
import { createTokenCookies, type SessionUser } from "./cookies.server";

const SECRET = "test-secret-0123456789-0123456789-0123456789";
const user: SessionUser = {
  token: "t".repeat(40),
  vorname: "Anna",
  nachname: "Schmidt",
  email: "anna@example.com",
  newsletterPermission: true,
};

function cookiesAt(clock: { now: number }, secure = true) {
  return createTokenCookies({ sealer: createSealer([SECRET]), secure, now: () => clock.now });
}

const PORTAL = { url: "http://portal.test/" };

function requestWith(setCookie: string) {
  const [pair] = setCookie.split(";");
  return new Request("http://portal.test/", { headers: { Cookie: pair } });
}

describe("token cookies", () => {
  it("round-trips the user session", () => {
    const cookies = cookiesAt({ now: 1_000 });
    expect(cookies.user.read(requestWith(cookies.user.write(PORTAL, user)))).toEqual(user);
  });

  it("reads a cookie written with the envelope's earlier short names, and refreshes it in the new ones", () => {
    const clock = { now: 1_000 };
    const cookies = cookiesAt(clock, false);
    const earlier = { d: user, iat: 1_000, seen: 1_000, abs: 1_000 + 30 * 86_400, persist: true };
    const value = createSealer([SECRET]).seal(JSON.stringify(earlier), "rp_session@portal.test");
    const request = new Request("http://portal.test/", { headers: { Cookie: `rp_session=${value}` } });
    expect(cookies.user.read(request)).toEqual(user);
    clock.now += 16 * 86_400;
    const refreshed = cookies.user.refresh(request)!;
    const opened = JSON.parse(createSealer([SECRET]).open(parse(refreshed.split(";")[0]).rp_session!, "rp_session@portal.test")!);
    expect(opened).toMatchObject({ data: user, issuedAt: 1_000, lastSeenAt: clock.now, persistent: true });
  });

  it("opens only on the host it was set for: another tenant's host reads it as none", () => {
    const cookies = cookiesAt({ now: 1_000 });
    const header = cookies.user.write({ url: "http://allianz.portal.test/login" }, user);
    const on = (host: string) => new Request(`http://${host}/meinedaten`, { headers: { Cookie: header.split(";")[0] } });
    expect(cookies.user.read(on("allianz.portal.test"))).toEqual(user);
    expect(cookies.user.read(on("allianz.portal.test:8443"))).toEqual(user);
    expect(cookies.user.read(on("telekom.portal.test"))).toBeNull();
    expect(cookies.user.refresh(on("telekom.portal.test"))).toBeNull();
  });

  it("sets __Host-, Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain in production", () => {
    const header = cookiesAt({ now: 1_000 }).user.write(PORTAL, user);
    expect(header).toMatch(/^__Host-rp_session=/);
    expect(header).toContain("Secure");
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Path=/");
    expect(header).not.toMatch(/Domain=/i);
  });

  it("drops the prefix and Secure flag outside production only", () => {
    const header = cookiesAt({ now: 1_000 }, false).user.write(PORTAL, user);
    expect(header).toMatch(/^rp_session=/);
    expect(header).not.toContain("Secure");
  });

  it("is a session-only cookie (no Max-Age) when 'remember me' is off", () => {
    const cookies = cookiesAt({ now: 1_000 });
    expect(cookies.user.write(PORTAL, user, { persistent: false })).not.toMatch(/Max-Age/i);
    expect(cookies.user.write(PORTAL, user, { persistent: true })).toMatch(/Max-Age=\d+/);
  });

  it("is opaque: no segment decodes to JSON or shows the token", () => {
    const header = cookiesAt({ now: 1_000 }).user.write(PORTAL, user);
    const value = parse(header.split(";")[0])["__Host-rp_session"] ?? "";
    expect(value).not.toContain(user.token);
    for (const segment of value.split(".")) {
      const decoded = Buffer.from(segment, "base64url").toString("utf8");
      expect(() => JSON.parse(decoded)).toThrow();
      expect(decoded).not.toContain('"token"');
      expect(decoded).not.toContain(user.token);
    }
  });

  it("stays under 4096 bytes with the longest tokens the backend issues", () => {
    const cookies = cookiesAt({ now: 1_000 });
    const long = {
      ...user,
      token: "x".repeat(2048),
      vorname: "V".repeat(100),
      nachname: "N".repeat(100),
      email: `${"e".repeat(200)}@example.com`,
    };
    expect(cookies.user.write(PORTAL, long).length).toBeLessThan(4096);
  });

  it("reads a tampered or foreign cookie as absent, never as an error", () => {
    const cookies = cookiesAt({ now: 1_000 });
    const header = cookies.user.write(PORTAL, user);
    const tampered = header.replace(/=(\w{8})\.(.)/, (_m, id, first) => `=${id}.${first === "A" ? "B" : "A"}`);
    expect(cookies.user.read(requestWith(tampered))).toBeNull();
    expect(cookies.reward.read(requestWith(header.replace("rp_session", "rp_reward")))).toBeNull();
    expect(cookies.user.read(new Request("http://portal.test/", { headers: { Cookie: "__Host-rp_session=%%%" } }))).toBeNull();
  });

  it("means logged out past the idle limit, and past the absolute limit despite activity", () => {
    const clock = { now: 1_000 };
    const cookies = cookiesAt(clock);
    const header = cookies.user.write(PORTAL, user, { persistent: false });
    clock.now += 2 * 60 * 60;
    expect(cookies.user.read(requestWith(header))).toBeNull();

    clock.now = 1_000;
    let current = cookies.user.write(PORTAL, user, { persistent: false });
    for (let hour = 0; hour < 11; hour++) {
      clock.now += 60 * 60 + 1;
      current = cookies.user.refresh(requestWith(current)) ?? current;
      expect(cookies.user.read(requestWith(current))).toEqual(user);
    }
    clock.now += 60 * 60;
    expect(cookies.user.read(requestWith(current))).toBeNull();
  });

  it("renews a session only after half its idle window", () => {
    const clock = { now: 1_000 };
    const cookies = cookiesAt(clock);
    const header = cookies.user.write(PORTAL, user, { persistent: false });
    clock.now += 60;
    expect(cookies.user.refresh(requestWith(header))).toBeNull();
    clock.now += 60 * 60;
    expect(cookies.user.refresh(requestWith(header))).toMatch(/^__Host-rp_session=/);
  });

  it("says when a link's cookie lapses, and 'Mehr Zeit' starts its idle window again but never passes its absolute limit", () => {
    const clock = { now: 10_000 };
    const cookies = cookiesAt(clock);
    const written = requestWith(cookies.reward.write(PORTAL, { token: "rwd-1" }, { persistent: false }));
    expect(cookies.reward.lapse(written)).toEqual({ at: 10_000 + 2 * 3600, final: false });
    clock.now += 3600;
    const extended = requestWith(cookies.reward.extend(written)!);
    expect(cookies.reward.lapse(extended)).toEqual({ at: clock.now + 2 * 3600, final: false });
    // Near its day's end the lapse is the absolute limit, which no extension moves.
    let kept = extended;
    while (clock.now < 10_000 + 23 * 3600) {
      clock.now += 3600;
      kept = requestWith(cookies.reward.extend(kept)!);
    }
    expect(cookies.reward.lapse(kept)).toEqual({ at: 10_000 + 24 * 3600, final: true });
    clock.now = 10_000 + 24 * 3600;
    expect(cookies.reward.extend(kept)).toBeNull();
    expect(cookies.reward.extend(new Request("http://portal.test/"))).toBeNull();
  });

  it("clears a cookie with an expiry in the past", () => {
    const header = cookiesAt({ now: 1_000 }).recipient.clear();
    expect(header).toMatch(/^__Host-rp_recipient=;/);
    expect(header).toMatch(/Max-Age=0/);
  });
});
