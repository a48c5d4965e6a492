// The cookie consent: required cookies always, functional, analytical and marketing only
// when chosen; the choice is kept for 60 days in its sealed cookie (choice-cookies.server.ts).
// Nothing non-essential may run without it.
import { type Consent, consentCategories } from "../platform/domain";

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
