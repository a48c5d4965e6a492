// The cookies a tenant's backend needs back (a farm's affinity, IIS ARR's `ARRAffinity`): the tenant's
// entry names them (TENANTS_FILE `backendCookies`); the portal keeps them per browser session in a
// sealed cookie of its own (rp_backend) and sends them on that browser's calls. No other backend cookie
// is kept or sent, and none reaches the browser as it is.

/** At most this much of a backend cookie is kept: an affinity value is a short hash. */
const MAX_VALUE_LENGTH = 256;

/** One browser's backend cookies for one request: those it brought, and those the backend set meanwhile. */
export type BackendCookieJar = {
  /** The Cookie header for the backend's calls; empty where there is none. */
  header(): string;
  /** Keeps the named cookies a reply sets; gives the names of the others, which are not kept. */
  take(setCookies: readonly string[]): string[];
  /** Whether the backend set a value the browser does not yet hold. */
  readonly changed: boolean;
  values(): Record<string, string>;
};

/** A Set-Cookie's name and value; a value that deletes the cookie (empty, or expired) reads as none. */
function nameAndValue(setCookie: string): { name: string; value: string | null } | null {
  const [pair, ...attributes] = setCookie.split(";");
  const equals = pair.indexOf("=");
  if (equals <= 0) return null;
  const name = pair.slice(0, equals).trim();
  const value = pair.slice(equals + 1).trim();
  const deletes = value === "" || attributes.some((attribute) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(attribute));
  return { name, value: deletes ? null : value };
}

/** The names of the cookies a reply sets (for the warning about those not sent back). */
export function cookieNamesOf(setCookies: readonly string[]) {
  return [...new Set(setCookies.map((setCookie) => nameAndValue(setCookie)?.name).filter((name): name is string => Boolean(name)))];
}

export function createBackendCookieJar(names: readonly string[], stored: Record<string, string> = {}): BackendCookieJar {
  const values = new Map(Object.entries(stored).filter(([name]) => names.includes(name)));
  let changed = false;
  return {
    header: () => [...values].map(([name, value]) => `${name}=${value}`).join("; "),
    take(setCookies) {
      const others: string[] = [];
      for (const setCookie of setCookies) {
        const cookie = nameAndValue(setCookie);
        if (!cookie) continue;
        if (!names.includes(cookie.name)) {
          if (!others.includes(cookie.name)) others.push(cookie.name);
          continue;
        }
        const value = cookie.value?.slice(0, MAX_VALUE_LENGTH) ?? null;
        if ((values.get(cookie.name) ?? null) === value) continue;
        if (value === null) values.delete(cookie.name);
        else values.set(cookie.name, value);
        changed = true;
      }
      return others;
    },
    get changed() {
      return changed;
    },
    values: () => Object.fromEntries(values),
  };
}
