// The demo's tenants as a TENANTS_FILE, for a portal started on real URLs (LEGACY_API_URL, CMS_URL) rather
// than DEMO=1: the benchmark and the soak, whose portals talk to simulators in a process of their own.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoTenantHosts } from "../../simulators/demo-tenants";

/** `backends`: a tenant's own backend (tenant → URL), where it is not LEGACY_API_URL's. */
export function demoTenantsFile(port: number, name: string, defaultTenant = "standard", backends: Record<string, string> = {}) {
  const file = join(tmpdir(), `tenants-${name}-${process.pid}.json`);
  const hosts = Object.entries(demoTenantHosts(port, defaultTenant)).map(([host, entry]) => {
    const backendUrl = backends[entry.tenant];
    return [host, backendUrl ? { ...entry, backendUrl } : entry];
  });
  writeFileSync(file, JSON.stringify(Object.fromEntries(hosts)));
  return file;
}
