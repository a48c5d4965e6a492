// What an agency page needs, declared in its own loader or action: a signed-on agency user
// (else the sign-on page, coming back afterwards) holding the page's permission (else 403).
import { data, redirect } from "@remix-run/node";
import { type AgencyUser, agencyUserOf } from "#bff/for-agencies/agency-access.server";
import type { AgencyPermission } from "#bff/for-agencies/agency-roles";
import type { Bff } from "#bff/portal/services.server";

export const AGENCY_SIGN_ON_PAGE = "/agentur/anmelden";
/** Where the identity provider sends the browser back to. */
export const AGENCY_SIGN_ON_RETURN_PAGE = "/agentur/sso";

/** To the sign-on page, and back to this page after it. */
export function signOnRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(`${AGENCY_SIGN_ON_PAGE}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** What a 403 page shows when the role is the reason, rather than a refused (forged or stale) post. */
export type RoleRefusal = { refused: "role" };

/** The 403 page saying that the user's role does not allow this page. */
export function roleRefusal() {
  return data<RoleRefusal>({ refused: "role" }, { status: 403 });
}

export function requireAgencyUser(request: Request, bff: Bff): AgencyUser {
  const user = agencyUserOf(request, bff);
  if (!user) throw signOnRedirect(request);
  return user;
}

/** The signed-on agency user holding the permission; a 403 for one without it. */
export function requireAgencyPermission(request: Request, bff: Bff, permission: AgencyPermission): AgencyUser {
  const user = requireAgencyUser(request, bff);
  if (!user.permissions.includes(permission)) throw roleRefusal();
  return user;
}

/** An agent: a signed-on agency user whose role the portal knows. */
export function requireAgent(request: Request, bff: Bff): AgencyUser {
  const user = requireAgencyUser(request, bff);
  if (user.permissions.length === 0) throw roleRefusal();
  return user;
}
