// Who may do what in the agency area: checked in every agency loader and action (spec 6), not only
// by hiding tabs. Without an agency session the visitor goes to the sign-on page first.
import { redirect } from "@remix-run/node";
import type { AgencySession } from "../core/cookies.server";
import type { Bff } from "../core/services.server";
import { type AgencyPermission, agencyTabs, permissionsOfRoles } from "./agency-roles";

export type AgencyUser = AgencySession & { permissions: AgencyPermission[] };

export const AGENCY_SIGN_ON_PAGE = "/agentur/anmelden";

export function agencyUserOf(request: Request, bff: Bff): AgencyUser | null {
  const session = bff.cookies.agency.read(request);
  return session ? { ...session, permissions: permissionsOfRoles(session.roles) } : null;
}

/** To the sign-on page, and back to this page after it. */
export function signOnRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(`${AGENCY_SIGN_ON_PAGE}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The signed-on agency user holding the permission; a 403 for one without it. */
export function requireAgencyPermission(request: Request, bff: Bff, permission: AgencyPermission): AgencyUser {
  const user = agencyUserOf(request, bff);
  if (!user) throw signOnRedirect(request);
  if (!user.permissions.includes(permission)) throw new Response(null, { status: 403 });
  return user;
}

export function visibleTabs(user: AgencyUser) {
  return agencyTabs.filter((tab) => user.permissions.includes(tab.permission)).map((tab) => tab.key);
}

/** An agent (spec 6): a signed-on agency user whose role the portal knows. */
export function requireAgent(request: Request, bff: Bff): AgencyUser {
  const user = agencyUserOf(request, bff);
  if (!user) throw signOnRedirect(request);
  if (user.permissions.length === 0) throw new Response(null, { status: 403 });
  return user;
}
