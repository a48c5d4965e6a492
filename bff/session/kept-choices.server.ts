// A logout (and a session the backend ended) sends `Clear-Site-Data: "cookies"` (docs/security.md):
// the browser drops every cookie of the portal, the visitor's choices with them, and keeps none the
// same response sets. So the logout's redirect carries the choices (the cookie consent, the language,
// the trusted device: decision 054), sealed and valid for a minute, to `/behalten`, which sets them
// again and goes on to the page meant.
import { z } from "zod";
import type { Consent } from "../platform/domain";
import type { Locale } from "../platform/locale.server";
import { safeRedirect } from "../platform/redirect";
import type { Sealer } from "../platform/seal.server";
import type { ChoiceCookies, TrustedDevice } from "./choice-cookies.server";

const KEPT_SECONDS = 60;
const PURPOSE = "kept-choices";

const keptSchema = z.object({ to: z.string(), choices: z.record(z.string(), z.unknown()), until: z.number() });

type Choices = { consent: Consent | null; locale: Locale | null; device: TrustedDevice | null };
export type KeptChoices = { to: string; choices: Choices };

function purposeOf(request: Pick<Request, "url">) {
  return `${PURPOSE}@${new URL(request.url).hostname}`;
}

export function createKeptChoices(sealer: Sealer, cookies: ChoiceCookies, now = () => Date.now()) {
  const kept = { consent: cookies.consent, locale: cookies.locale, device: cookies.device };
  return {
    /** Where a logout sends the browser: on to `to`, by way of `/behalten` when there is a choice to keep. */
    addressAfterLogout(request: Request, to: string) {
      const choices = Object.fromEntries(Object.entries(kept).map(([name, cookie]) => [name, cookie.read(request)]));
      if (Object.values(choices).every((choice) => choice === null)) return to;
      const sealed = sealer.seal(JSON.stringify({ to, choices, until: now() + KEPT_SECONDS * 1000 }), purposeOf(request));
      return `/behalten?${new URLSearchParams({ w: sealed })}`;
    },
    /** The choices a `/behalten` address carries, if it was sealed here, for this host, less than a minute ago. */
    read(request: Request): KeptChoices | null {
      const sealed = new URL(request.url).searchParams.get("w");
      const opened = sealed ? sealer.open(sealed, purposeOf(request)) : null;
      if (!opened) return null;
      const parsed = keptSchema.safeParse(JSON.parse(opened));
      if (!parsed.success || parsed.data.until < now()) return null;
      return { to: safeRedirect(parsed.data.to, "/login"), choices: parsed.data.choices as Choices };
    },
    /** The Set-Cookie values that set the kept choices again. */
    cookiesFor(request: Request, { choices }: KeptChoices) {
      const consent = choices.consent && kept.consent.write(request, choices.consent);
      const locale = choices.locale && kept.locale.write(request, choices.locale);
      const device = choices.device && kept.device.write(request, choices.device);
      return [consent, locale, device].filter((cookie): cookie is string => !!cookie);
    },
  };
}
