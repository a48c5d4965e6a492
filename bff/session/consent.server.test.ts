import { describe, expect, it } from "vitest";
import { consentFromForm, isConsentBannerSuppressed } from "./consent.server";

describe("cookie consent", () => {
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
