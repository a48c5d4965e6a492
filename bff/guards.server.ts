// Spec 2.2 item 8: with forced login (ModuleErzwingeLogin) a logged-out visitor may open only
// these routes; everything else goes to /login with the page asked for.
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
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  return Object.values(OPEN_WHEN_LOGIN_IS_FORCED).some((pattern) => pattern.test(path));
}

/** Where a request must go instead, or null when it may stay. */
export function forcedLoginRedirect(config: Pick<TenantConfig, "ModuleErzwingeLogin">, loggedIn: boolean, url: URL): string | null {
  if (!config.ModuleErzwingeLogin || loggedIn || isOpenWhenLoginIsForced(url.pathname)) return null;
  return `/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`;
}
