// Who is signed on to the agency area, and which of its tabs their roles open. The agency pages
// check it in every loader and action (app/access/agency.server.ts), not only by hiding tabs.
import type { Bff } from "../portal/services.server";
import type { AgencySession } from "../session/cookies.server";
import { type AgencyPermission, agencyTabs, permissionsOfRoles } from "./agency-roles";

export type AgencyUser = AgencySession & { permissions: AgencyPermission[] };

export function agencyUserOf(request: Request, bff: Bff): AgencyUser | null {
  const session = bff.cookies.agency.read(request);
  return session ? { ...session, permissions: permissionsOfRoles(session.roles) } : null;
}

export function visibleTabs(user: AgencyUser) {
  return agencyTabs.filter((tab) => user.permissions.includes(tab.permission)).map((tab) => tab.key);
}
