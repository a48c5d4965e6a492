// The agency roles and what each may see. An unknown role has no rights: the reader notes it in the
// log and check-backend names it (bff/legacy/legacy-reply.server.ts), and another casing reads as the role.
import type { agencyRoles } from "../agency/replies";

export type AgencyRole = (typeof agencyRoles)[number];

const employeePermissions = [
  "AuftragsReport",
  "EmpfehlerReport",
  "Praemien",
  "Einladungstool",
  "Verwaltung",
  "StatistikReport",
  "Stammdaten",
] as const;
const ownerPermissions = [...employeePermissions, "Rechnungen", "Mitarbeiter"] as const;
export type AgencyPermission = (typeof ownerPermissions)[number];

const permissionsByRole: Record<AgencyRole, readonly AgencyPermission[]> = {
  AgenturInhaber: ownerPermissions,
  AgenturMitarbeiter: employeePermissions,
};

/** The permissions of a role as the backend names it; none for a role this portal does not know. */
export function agencyPermissions(role: string): readonly AgencyPermission[] {
  return Object.hasOwn(permissionsByRole, role) ? permissionsByRole[role as AgencyRole] : [];
}

/** The union of the permissions of all the user's roles. */
export function permissionsOfRoles(roles: readonly string[]): AgencyPermission[] {
  return [...new Set(roles.flatMap(agencyPermissions))];
}

/** The agency area's tabs (the report tabs, then the owner's two lists), each a page under /agentur, and what it needs. */
/** In the order the tab row shows them; the first one a user may see is where the agency area opens: the overview, for every role that has it. */
export const agencyTabs = [
  { key: "dashboard", permission: "StatistikReport" },
  { key: "recommend-employees", permission: "Einladungstool" },
  { key: "einladungen", permission: "Einladungstool" },
  { key: "empfehlungen", permission: "EmpfehlerReport" },
  { key: "leads", permission: "EmpfehlerReport" },
  { key: "auftraege", permission: "AuftragsReport" },
  { key: "rechnungen", permission: "Rechnungen" },
  { key: "mitarbeiter", permission: "Mitarbeiter" },
] as const satisfies readonly { key: string; permission: AgencyPermission }[];
export type AgencyTabKey = (typeof agencyTabs)[number]["key"];

export function permissionForTab(key: AgencyTabKey): AgencyPermission {
  return agencyTabs.find((tab) => tab.key === key)!.permission;
}
