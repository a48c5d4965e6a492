// The cookie consent: required cookies always, functional, analytical and marketing only
// when chosen; the choice is kept for 60 days. Nothing non-essential may run without it.
import { parse, serialize } from "cookie";
import { type Consent, consentCategories } from "./domain";

const CONSENT_COOKIE = "rp_consent";
const CONSENT_MAX_AGE = 60 * 24 * 60 * 60;
/** 'v1.' and one digit per category, in the order of consentCategories. */
const CONSENT_VALUE = /^v1\.([01])\.([01])\.([01])$/;

export function readConsent(request: Request): Consent | null {
  const match = CONSENT_VALUE.exec(parse(request.headers.get("Cookie") ?? "")[CONSENT_COOKIE] ?? "");
  if (!match) return null;
  return Object.fromEntries(consentCategories.map((category, index) => [category, match[index + 1] === "1"])) as Consent;
}

export function consentCookie(consent: Consent, { secure }: { secure: boolean }) {
  const value = `v1.${consentCategories.map((category) => (consent[category] ? "1" : "0")).join(".")}`;
  return serialize(CONSENT_COOKIE, value, { maxAge: CONSENT_MAX_AGE, path: "/", sameSite: "lax", httpOnly: true, secure });
}

/** What a posted consent form means: everything, the minimum, or the boxes ticked. */
export function consentFromForm(form: FormData): Consent {
  const intent = form.get("intent");
  return Object.fromEntries(
    consentCategories.map((category) => [category, intent === "all" || (intent === "save" && form.get(category) === "on")]),
  ) as Consent;
}

/** The banner stays away from the privacy notice and the imprint (and the settings page itself). */
export function isConsentBannerSuppressed(pathname: string) {
  return /^\/(datenschutz|impressum|einwilligung)\/?$/.test(pathname);
}
