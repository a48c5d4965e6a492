// A logout (and a session the backend ended) sends `Clear-Site-Data: "cookies"` (docs/security.md):
// the browser drops every cookie of the portal, the visitor's choices with them, and keeps none the
// same response sets. So the logout's redirect carries the choices (the cookie consent, the language,
// the trusted device: decision 054), sealed and valid for a minute, to `/behalten`, which sets them
// again and goes on to the page meant. Only for the browser that logged out (decision 070): the address
// works once on any instance, only on a navigation from the portal itself, and never replaces a choice
// the browser holds, so a link someone sends cannot plant their trusted device, consent or language.
import { createHash } from "node:crypto";
import { z } from "zod";
import type { Consent } from "../platform/domain";
import type { Locale } from "../platform/locale.server";
import { safeRedirect } from "../platform/redirect";
import type { Sealer } from "../platform/seal.server";
import type { ChoiceCookies, TrustedDevice } from "./choice-cookies.server";

export const KEPT_SECONDS = 60;
const PURPOSE = "kept-choices";

const keptSchema = z.object({ to: z.string(), choices: z.record(z.string(), z.unknown()), until: z.number() });

type Choices = { consent: Consent | null; locale: Locale | null; device: TrustedDevice | null };
export type KeptChoices = { to: string; choices: Choices };
export type KeptChoicesRefusal = { refused: "none" } | { refused: "cross-site" | "used"; to: string };

function purposeOf(request: Pick<Request, "url">) {
  return `${PURPOSE}@${new URL(request.url).hostname}`;
}

/**
 * Whether the browser came here from the portal itself: `Sec-Fetch-Site`, and where a browser sends
 * none, a Referer of this host (the logout's redirect has one; a link from elsewhere, or none, does not).
 */
function fromThisSite(request: Request) {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin";
  const referer = request.headers.get("referer");
  return referer !== null && URL.canParse(referer) && new URL(referer).host === new URL(request.url).host;
}

/**
 * `firstUse`: says yes once per address, on every instance (bff/state/single-use.server.ts), for at least
 * KEPT_SECONDS.
 */
export function createKeptChoices(
  sealer: Sealer,
  cookies: ChoiceCookies,
  firstUse: (key: string) => Promise<boolean>,
  now = () => Date.now(),
) {
  const kept = { consent: cookies.consent, locale: cookies.locale, device: cookies.device };

  return {
    /** Where a logout sends the browser: on to `to`, by way of `/behalten` when there is a choice to keep. */
    addressAfterLogout(request: Request, to: string) {
      const choices = Object.fromEntries(Object.entries(kept).map(([name, cookie]) => [name, cookie.read(request)]));
      if (Object.values(choices).every((choice) => choice === null)) return to;
      const sealed = sealer.seal(JSON.stringify({ to, choices, until: now() + KEPT_SECONDS * 1000 }), purposeOf(request));
      return `/behalten?${new URLSearchParams({ w: sealed })}`;
    },
    /**
     * The choices a `/behalten` address carries, taken once: sealed here, for this host, less than a
     * minute ago, on a navigation from the portal, and not used before on any instance. A refused one
     * still names where it leads (a login page), which the browser may go on to without the choices:
     * a session that ended while the visitor opened a bookmark (no `Sec-Fetch-Site: same-origin`) still
     * reaches its sign-in page.
     */
    async take(request: Request): Promise<KeptChoices | KeptChoicesRefusal> {
      const sealed = new URL(request.url).searchParams.get("w");
      const opened = sealed ? sealer.open(sealed, purposeOf(request)) : null;
      const parsed = opened ? keptSchema.safeParse(JSON.parse(opened)) : null;
      if (!sealed || !parsed?.success || parsed.data.until < now()) return { refused: "none" };
      const to = safeRedirect(parsed.data.to, "/login");
      if (!fromThisSite(request)) return { refused: "cross-site", to };
      if (!(await firstUse(createHash("sha256").update(sealed).digest("base64url")))) return { refused: "used", to };
      return { to, choices: parsed.data.choices as Choices };
    },
    /** The Set-Cookie values that set the kept choices again, where the browser holds none of its own. */
    cookiesFor(request: Request, { choices }: KeptChoices) {
      const consent = choices.consent && kept.consent.read(request) === null && kept.consent.write(request, choices.consent);
      const locale = choices.locale && kept.locale.read(request) === null && kept.locale.write(request, choices.locale);
      const device = choices.device && kept.device.read(request) === null && kept.device.write(request, choices.device);
      return [consent, locale, device].filter((cookie): cookie is string => typeof cookie === "string");
    },
  };
}
