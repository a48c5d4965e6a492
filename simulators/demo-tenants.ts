// The demo's tenants and the hosts each is reached on, as a TENANTS_FILE writes them: the portal takes them
// with DEMO=1 where no TENANTS_FILE is given (server/index.ts), and reads them exactly as it reads a file.
// The product itself knows no demo tenant.

/** A TENANTS_FILE entry, as an operator writes it (docs/operations.md). */
type TenantsFileEntry = {
  tenant: string;
  origin: string;
  analyticsSiteId: number;
  parentOrigins?: string[];
  portal?: "tenant" | "insurance";
  agencySso?: { authorizeUrl: string; clientId: string };
  accessibilityContact?: { provider?: string; email?: string; phone?: string };
};

/**
 * One host per seeded tenant (`telekom.localhost`, …), and localhost itself for the default tenant (and
 * the sample parent page, which frames friday).
 */
export function demoTenantHosts(port: number, defaultTenant: string): Record<string, TenantsFileEntry> {
  const local = (host: string, entry: Omit<TenantsFileEntry, "origin">) => ({ [host]: { ...entry, origin: `http://${host}:${port}` } });
  return {
    ...local("telekom.localhost", { tenant: "telekom", analyticsSiteId: 1 }),
    ...local("allianz.localhost", {
      tenant: "allianz",
      analyticsSiteId: 2,
      agencySso: { authorizeUrl: "/__idp/authorize", clientId: "portal-allianz" },
    }),
    // The standard tenant's backend names no contact of its own: the operator does, for the accessibility statement.
    ...local("standard.localhost", {
      tenant: "standard",
      analyticsSiteId: 3,
      accessibilityContact: {
        provider: "Muster Empfehlungsdienste GmbH",
        email: "barrierefreiheit@standard.example",
        phone: "0800 123 4567",
      },
    }),
    ...local("friday.localhost", {
      tenant: "friday",
      parentOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
      analyticsSiteId: 4,
      portal: "insurance",
    }),
    ...local("localhost", { tenant: defaultTenant, analyticsSiteId: 1 }),
    ...local("127.0.0.1", { tenant: defaultTenant, analyticsSiteId: 1 }),
  };
}
