// A logout (and a session the backend ended) sends `Clear-Site-Data: "cookies"` (docs/security.md):
// the browser drops every cookie of the portal, the cookie choice and the language with them, and
// keeps none the same response sets. So the logout's redirect carries those two choices, sealed
// and valid for a minute, to `/behalten`, which sets them again and goes on to the page meant.
import { z } from "zod";
import { readConsent } from "./consent.server";
import type { Consent } from "./domain";
import { chosenLocale, isLocale, type Locale } from "./locale.server";
import { safeRedirect } from "./redirect";
import type { Sealer } from "./seal.server";

const KEPT_SECONDS = 60;
const PURPOSE = "kept-choices";

const keptSchema = z.object({
  to: z.string(),
  consent: z.record(z.string(), z.boolean()).nullable(),
  locale: z.string().nullable(),
  until: z.number(),
});

export type KeptChoices = { to: string; consent: Consent | null; locale: Locale | null };

function purposeOf(request: Pick<Request, "url">) {
  return `${PURPOSE}@${new URL(request.url).hostname}`;
}

export function createKeptChoices(sealer: Sealer, now = () => Date.now()) {
  return {
    /** Where a logout sends the browser: on to `to`, by way of `/behalten` when there is a choice to keep. */
    async addressAfterLogout(request: Request, to: string) {
      const consent = readConsent(request);
      const locale = await chosenLocale(request);
      if (!consent && !locale) return to;
      const kept = JSON.stringify({ to, consent, locale, until: now() + KEPT_SECONDS * 1000 });
      return `/behalten?${new URLSearchParams({ w: sealer.seal(kept, purposeOf(request)) })}`;
    },
    /** The choices a `/behalten` address carries, if it was sealed here, for this host, less than a minute ago. */
    read(request: Request): KeptChoices | null {
      const sealed = new URL(request.url).searchParams.get("w");
      const opened = sealed ? sealer.open(sealed, purposeOf(request)) : null;
      if (!opened) return null;
      const kept = keptSchema.safeParse(JSON.parse(opened));
      if (!kept.success || kept.data.until < now()) return null;
      const { to, consent, locale } = kept.data;
      return { to: safeRedirect(to, "/login"), consent: consent as Consent | null, locale: isLocale(locale) ? locale : null };
    },
  };
}
