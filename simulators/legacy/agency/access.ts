// Who calls an agency call of the legacy simulator: the agency user of the token, and the permission
// its role holds.
import type { AgencyPermission } from "../../../bff/for-agencies/agency-roles";
import type { Resolver, SimulatorKit } from "../kit";
import { bearer, legacyError } from "../replies";
import type { SeedTenant } from "../seed";
import type { AgencyReports } from "./seed";

export type AgencyUser = SeedTenant["agencyUsers"][number];

export function agencyUserFor({ state }: SimulatorKit, request: Request, tenantId: string): AgencyUser | null {
  const session = state().agency.tokens.get(bearer(request) ?? "");
  if (!session || session.tenant !== tenantId) return null;
  return state().tenants[tenantId].agencyUsers.find((user) => user.login === session.login) ?? null;
}

/** What each role may do, as the backend grants it; the portal reads a user's roles and decides its tabs for itself. */
const EMPLOYEE: readonly AgencyPermission[] = [
  "AuftragsReport",
  "EmpfehlerReport",
  "Praemien",
  "Einladungstool",
  "Verwaltung",
  "StatistikReport",
  "Stammdaten",
];
const grantsOfRole: Record<string, readonly AgencyPermission[]> = {
  AgenturInhaber: [...EMPLOYEE, "Rechnungen", "Mitarbeiter"],
  AgenturMitarbeiter: EMPLOYEE,
};

export const holds = (user: AgencyUser, permission: AgencyPermission) => (grantsOfRole[user.role] ?? []).includes(permission);

/** A call for an agency user holding the permission; others get PSOF0103. */
export function asAgency(kit: SimulatorKit, permission: AgencyPermission, resolve: Resolver<{ user: AgencyUser; reports: AgencyReports }>) {
  return kit.legacy((args) => {
    const user = agencyUserFor(kit, args.request, args.tenantId);
    const reports = kit.state().agency.reports.get(args.tenantId);
    if (!user || !reports) return legacyError(401, "PSOF0103");
    if (!holds(user, permission)) return legacyError(403, "PSOF0103");
    return resolve({ ...args, user, reports });
  });
}
