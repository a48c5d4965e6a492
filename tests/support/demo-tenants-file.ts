// The demo's tenants as a TENANTS_FILE, for a portal started on real URLs (LEGACY_API_URL, CMS_URL) rather
// than DEMO=1: the benchmark and the soak, whose portals talk to simulators in a process of their own.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoTenantHosts } from "../../simulators/demo-tenants";

export function demoTenantsFile(port: number, name: string, defaultTenant = "standard") {
  const file = join(tmpdir(), `tenants-${name}-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(demoTenantHosts(port, defaultTenant)));
  return file;
}
