// The cookies that keep a visitor's choices and steer what the portal does: the cookie consent, the
// language, the channel a visitor came through, and the accounts that logged in on this browser.
// Sealed and bound to their host like the token cookies, `__Host-` in production: a value that a
// sibling subdomain set, another tenant's, or one typed by hand reads as absent (docs/security.md).
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Consent } from "../platform/domain";
import { supportedLocales } from "../platform/locale.server";
import { oneWayKey } from "../platform/one-way-key.server";
import { type CookieScope, type CookieSettings, createSealedCookie } from "./cookies.server";

const DAY = 24 * 60 * 60;
/** A channel or campaign name as the query may carry it. */
export const CHANNEL_VALUE = /^[\w.-]{1,64}$/;
/** The accounts a browser is trusted for, newest first: a family's shared tablet, not a list to grow. */
const MOST_TRUSTED_ACCOUNTS = 5;

const consentSchema = z.object({ functional: z.boolean(), analytical: z.boolean(), marketing: z.boolean() }) satisfies z.ZodType<Consent>;

/** A browser on which accounts logged in before (OWASP's device cookie): its id, and the accounts by their one-way keys. */
const trustedDeviceSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/),
  accounts: z.array(z.string()).max(MOST_TRUSTED_ACCOUNTS),
});
export type TrustedDevice = z.infer<typeof trustedDeviceSchema>;

/** A choice lasts its time whether or not the visitor comes back meanwhile. */
function lasting(seconds: number) {
  const lifetime = { idleSeconds: seconds, absoluteSeconds: seconds };
  return { persistent: lifetime, sessionOnly: lifetime };
}

export function createChoiceCookies(settings: CookieSettings) {
  const device = createSealedCookie("rp_device", trustedDeviceSchema, lasting(365 * DAY), settings);
  return {
    consent: createSealedCookie("rp_consent", consentSchema, lasting(60 * DAY), settings),
    locale: createSealedCookie("lng", z.enum(supportedLocales), lasting(365 * DAY), settings),
    channel: createSealedCookie("rp_channel", z.string().regex(CHANNEL_VALUE), lasting(730 * DAY), settings),
    device,
    /** This browser's device id where `email`'s account logged in on it before, else null. */
    trustedDeviceFor(request: CookieScope & Pick<Request, "headers">, email: string) {
      const trusted = device.read(request);
      return trusted?.accounts.includes(oneWayKey(email)) ? trusted.id : null;
    },
    /** The Set-Cookie after a login of `email`: this browser is trusted for that account from now on. */
    trustDevice(request: CookieScope & Pick<Request, "headers">, email: string) {
      const trusted = device.read(request);
      const account = oneWayKey(email);
      const others = (trusted?.accounts ?? []).filter((known) => known !== account);
      const id = trusted?.id ?? randomBytes(16).toString("hex");
      return device.write(request, { id, accounts: [account, ...others].slice(0, MOST_TRUSTED_ACCOUNTS) });
    },
  };
}
export type ChoiceCookies = ReturnType<typeof createChoiceCookies>;
