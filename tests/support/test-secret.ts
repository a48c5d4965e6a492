// Keys for tests and benchmarks that start the portal against a backend (a simulator in a process of
// its own): derived here, never written in the repository, since the portal refuses every published
// key where a real backend is configured (bff/platform/published-secrets.ts). The same label gives the
// same key in every process, so instances and the tests that seal cookies for them agree.
import { createHash } from "node:crypto";

export function testSecret(label: string) {
  return `${label}-${createHash("sha256").update(`referral portal test key: ${label}`).digest("base64url")}`;
}
