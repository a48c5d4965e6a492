import { describe, expect, it } from "vitest";
import { consentCookie, consentFromForm, isConsentBannerSuppressed, readConsent } from "./consent.server";

function requestWith(cookie: string) {
  return new Request("http://portal.test/", { headers: { Cookie: cookie.split(";")[0] } });
}

describe("cookie consent", () => {
  it("keeps the choice for 60 days and reads it back", () => {
    const cookie = consentCookie({ functional: true, analytical: false, marketing: true }, { secure: true });
    expect(cookie).toMatch(/Max-Age=5184000/);
    expect(cookie).toMatch(/Secure/);
    expect(readConsent(requestWith(cookie))).toEqual({ functional: true, analytical: false, marketing: true });
  });

  it("reads no choice from a missing or tampered value", () => {
    expect(readConsent(requestWith(""))).toBeNull();
    expect(readConsent(requestWith("rp_consent=v1.1.1"))).toBeNull();
    expect(readConsent(requestWith("rp_consent=v2.1.1.1"))).toBeNull();
  });

  it("turns the three buttons into a choice", () => {
    const form = (entries: Record<string, string>) =>
      Object.entries(entries).reduce((data, [key, value]) => (data.append(key, value), data), new FormData());
    expect(consentFromForm(form({ intent: "all" }))).toEqual({ functional: true, analytical: true, marketing: true });
    expect(consentFromForm(form({ intent: "necessary", analytical: "on" }))).toEqual({
      functional: false,
      analytical: false,
      marketing: false,
    });
    expect(consentFromForm(form({ intent: "save", analytical: "on" }))).toEqual({ functional: false, analytical: true, marketing: false });
  });

  it("stays off the privacy notice and the imprint", () => {
    expect(isConsentBannerSuppressed("/datenschutz")).toBe(true);
    expect(isConsentBannerSuppressed("/impressum")).toBe(true);
    expect(isConsentBannerSuppressed("/faq")).toBe(false);
  });
});
