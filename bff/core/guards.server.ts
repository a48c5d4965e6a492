// Spec 2.2 items 8 and 10: with forced login (ModuleErzwingeLogin) a logged-out visitor may open
// only these routes; everything else goes to /login with the page asked for. In autologin mode the
// password-based account pages are disabled, and pages that need a login send a logged-out visitor home.
import type { TenantConfig } from "./contract";

const OPEN_WHEN_LOGIN_IS_FORCED: Record<string, RegExp> = {
  FileNotFound: /^\/404$/,
  Agb: /^\/agb$/,
  EmpfaengerBankdaten: /^\/bankdaten$/,
  Empfehlungscode: /^\/code$/,
  Datenschutz: /^\/datenschutz$/,
  EmpfaengerDaten: /^\/empfaengerdaten\/[^/]+$/,
  Exklusiv: /^\/exklusiv$/,
  Exclusiv: /^\/exclusiv$/,
  Faq: /^\/faq$/,
  Impressum: /^\/impressum$/,
  Kontakt: /^\/kontakt$/,
  Login: /^\/login(\/[^/]+)?$/,
  Logout: /^\/logout$/,
  PasswortZuruecksetzen: /^\/passwortsetzen$/,
  PasswortVergessen: /^\/passwortvergessen$/,
  PraemieWaehlen: /^\/praemie(\/[^/]+)?$/,
  PraemieDaten: /^\/(kundennummer|empfehler\/bankdaten|praemiedanke|kulanzdanke)$/,
  RegistrierungAbschliessen: /^\/registrieren$/,
};

export function isOpenWhenLoginIsForced(pathname: string) {
  return Object.values(OPEN_WHEN_LOGIN_IS_FORCED).some((pattern) => pattern.test(normalised(pathname)));
}

/** Where a request must go instead, or null when it may stay. */
export function forcedLoginRedirect(config: Pick<TenantConfig, "ModuleErzwingeLogin">, loggedIn: boolean, url: URL): string | null {
  if (!config.ModuleErzwingeLogin || loggedIn || isOpenWhenLoginIsForced(url.pathname)) return null;
  return `/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`;
}

/** Pages that need a login (or, for the share page, the autologin's authentication). */
const LOGIN_REQUIRED = [/^\/persoenlicherbereich$/, /^\/meinedaten$/, /^\/passwortaendern$/, /^\/empfehlung\/[^/]+$/];

/** Account pages that work by e-mail and password: in autologin mode they show a notice instead of their form. */
const DISABLED_WITH_AUTOLOGIN = [/^\/login$/, /^\/registrieren$/, /^\/passwortvergessen$/, /^\/passwortsetzen$/, /^\/passwortaendern$/];

function normalised(pathname: string) {
  return pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
}

export function autologinRedirect(config: Pick<TenantConfig, "IsAutologin">, loggedIn: boolean, url: URL): string | null {
  if (!config.IsAutologin || loggedIn) return null;
  return LOGIN_REQUIRED.some((pattern) => pattern.test(normalised(url.pathname))) ? "/" : null;
}

export function isDisabledWithAutologin(config: Pick<TenantConfig, "IsAutologin">, pathname: string) {
  return config.IsAutologin && DISABLED_WITH_AUTOLOGIN.some((pattern) => pattern.test(normalised(pathname)));
}
