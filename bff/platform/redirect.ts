// Every redirect target taken from a request goes through here (docs/security.md, redirect targets):
// the value is read as a browser reads it (`new URL`, which drops tabs and newlines, reads `\` as
// `/` and resolves dot segments), only a result on this portal's own origin is kept, and the
// redirect goes to that result's path, query and hash, never to the raw value.
const OWN = "http://portal.invalid";

/** A path the browser resolves on this origin whatever page it is on: not `//host`, not `/\host`. */
function staysHere(path: string) {
  return URL.canParse(path, `${OWN}/any/page`) && new URL(path, `${OWN}/any/page`).origin === OWN;
}

/**
 * Addresses that set state in the browser, never where a request may send someone: the one that sets the
 * choices a logout kept (bff/session/kept-choices.server.ts), and a token's sign-in (`/login/{token}`, which
 * would sign the browser into whoever's token it is).
 */
const STATE_SETTING_PATH = /^(\/behalten(\.data)?\/*|\/+login\/+[^/].*)$/i;

/** A path as the router matches it: decoded (twice-encoded too). */
function routedPath(pathname: string) {
  let path = pathname;
  for (let round = 0; round < 3; round++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break;
    }
  }
  return path;
}

export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  // A path, as a browser sees it: leading spaces and control characters (C0, U+0000 to U+0020) do not count.
  // eslint-disable-next-line no-control-regex -- matching the control characters a browser strips is the point
  if (typeof target !== "string" || !/^[\u0000-\u0020]*[/\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, `${OWN}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN || STATE_SETTING_PATH.test(routedPath(url.pathname))) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can leave `//host` behind (`/.//host`): judged again as the Location it becomes.
  return staysHere(path) ? path : fallback;
}
