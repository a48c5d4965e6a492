// A recipient, reward or mailed-link token that arrives in a link (`?token=…`) is moved into its
// sealed cookie, and the browser goes to the same page without it: the token never stays in the
// address bar, the history or a Referer header. Each page that takes one says which kind.
import { redirect } from "@remix-run/node";
import type { Bff } from "#bff/portal/services.server";

export type LinkToken = "recipient" | "reward" | "mail";

const TOKEN = /^[\w.~-]{8,512}$/;

function tokenCookie(request: Request, bff: Bff, kind: LinkToken, token: string) {
  // Routes match in any case and with a trailing slash; the page is kept as the route names it.
  const page = new URL(request.url).pathname.toLowerCase().replace(/(.)\/$/, "$1");
  if (kind === "mail") return bff.cookies.link.write(request, { token, page }, { persistent: false });
  return bff.cookies[kind].write(request, { token }, { persistent: false });
}

/** Throws the redirect that keeps a link's token (a malformed one is dropped); does nothing without one. */
export function keepLinkToken(request: Request, bff: Bff, kind: LinkToken) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (request.method !== "GET" || token === null) return;
  url.searchParams.delete("token");
  const headers = new Headers({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });
  if (TOKEN.test(token)) headers.append("Set-Cookie", tokenCookie(request, bff, kind, token));
  // A recipient's link is their journey now, not data this browser gave for another.
  if (kind === "recipient") headers.append("Set-Cookie", bff.cookies.recipientDraft.clear());
  throw redirect(`${url.pathname}${url.search}`, { status: 303, headers });
}
