// The backends a contract test talks to: the simulators on loopback by default, or a real
// tenant backend when CONTRACT_BACKEND_URL is set (and CONTRACT_CMS_URL for its CMS).
// Fixtures come from the backend's /__demo, or from the JSON file in CONTRACT_FIXTURES.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, it } from "vitest";
import { loadConfig } from "../../bff/platform/config.server";
import { type Bff, createBff } from "../../bff/portal/services.server";
import { demoTenantHosts } from "../../simulators/demo-tenants";
import { type RunningSimulators, startSimulators } from "../../simulators/start";
import { memoryLogger } from "./test-logger";
import { testSecret } from "./test-secret";

export type DemoTenant = {
  name: string;
  logins: { email: string; password: string }[];
  blockedLogins: { email: string; password: string }[];
  recommendations: { valid: string[]; expired: string[] };
  offlineCodes: string[];
  rewardTokens: string[];
  expiredRewardTokens: string[];
  adminLoginTokens: string[];
  agencyUsers: { login: string; role: string }[];
};

export type Backends = {
  legacyUrl: string;
  cmsUrl: string;
  /** Present only on the simulators: switches and counters that tests may flip. */
  simulators: RunningSimulators | null;
  fixtures: Record<string, DemoTenant>;
  close(): Promise<void>;
};

export const onRealBackend = Boolean(process.env.CONTRACT_BACKEND_URL);
/**
 * Against a live backend the tests only read, unless CONTRACT_WRITES=1 says they may write (create
 * recommendations and recipients, spend reward tokens, send mails, change the demo account and change it back).
 */
export const writesAllowed = !onRealBackend || process.env.CONTRACT_WRITES === "1";
/** Tests that need the simulator's switches, seed or state: skipped against a live backend. */
export const onSimulatorOnly = describe.skipIf(onRealBackend);
/** Tests that write to the backend: skipped against a live backend unless CONTRACT_WRITES=1. */
export const writing = { describe: describe.skipIf(!writesAllowed), it: it.skipIf(!writesAllowed) };

export async function startBackends(): Promise<Backends> {
  const simulators = onRealBackend ? null : await startSimulators();
  const legacyUrl = process.env.CONTRACT_BACKEND_URL ?? simulators!.legacyUrl;
  const cmsUrl = process.env.CONTRACT_CMS_URL ?? simulators?.cmsUrl ?? "";
  const fixtures = process.env.CONTRACT_FIXTURES
    ? (JSON.parse(readFileSync(process.env.CONTRACT_FIXTURES, "utf8")) as Record<string, DemoTenant>)
    : ((await (await fetch(`${legacyUrl}/__demo`)).json()) as Record<string, DemoTenant>);
  return { legacyUrl, cmsUrl, simulators, fixtures, close: async () => simulators?.close() };
}

/** A whole BFF over the given backends, as the server builds it, with its logs kept in memory. */
export function bffOver(backends: Backends, env: Record<string, string> = {}): { bff: Bff; lines: Record<string, unknown>[] } {
  const { logger, lines } = memoryLogger();
  const config = loadConfig(
    {
      NODE_ENV: "test",
      SESSION_SECRET: testSecret("contract"),
      UPSTREAM_TIMEOUT_MS: "5000",
      LEGACY_API_URL: backends.legacyUrl,
      CMS_URL: backends.cmsUrl,
      ...env,
    },
    demoTenantHosts,
  );
  return { bff: createBff({ config, logger, backendUrl: backends.legacyUrl, cmsUrl: backends.cmsUrl }), lines };
}

/** A Request as the Remix adapter would hand it to a loader for that tenant's host. */
export function pageRequest(tenant: string, path = "/", init: RequestInit & { cookies?: string[] } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookies?.length) headers.set("Cookie", init.cookies.map((cookie) => cookie.split(";")[0]).join("; "));
  return new Request(`http://${tenant}.localhost:3000${path}`, { ...init, headers });
}

/**
 * For a test file: starts the backends and a BFF over them, closes both afterwards, and puts the
 * simulator back to its seed (and empties the log) before each test.
 */
export function backendsForSuite() {
  const env = {} as { backends: Backends; bff: Bff; lines: Record<string, unknown>[] };
  beforeAll(async () => {
    env.backends = await startBackends();
    Object.assign(env, bffOver(env.backends));
  });
  afterAll(async () => {
    await env.bff.close();
    await env.backends.close();
  });
  beforeEach(() => {
    env.backends.simulators?.legacy.reset();
    env.lines.length = 0;
  });
  return env;
}
