import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoTenantHosts } from "../../simulators/demo-tenants";
import { loadConfig } from "./config.server";

/** The environment of the demo (DEMO=1, no backend named), with these variables. */
const demo = (env: Record<string, string> = {}) => loadConfig({ DEMO: "1", ...env });

describe("configuration from the environment", () => {
  it("has working defaults for the embedded demo", () => {
    const config = demo();
    expect(config.port).toBe(3000);
    expect(config.upstreamTimeoutMs).toBe(30_000);
    expect(config.legacyApiUrl).toBeUndefined();
    expect(config.defaultTenant).toBe("standard");
  });

  const realBackend = { NODE_ENV: "production", LEGACY_API_URL: "https://api.example", CMS_URL: "https://cms.example" };
  it.each([
    [{ DEMO: "1", PORT: "eighty" }, /^PORT: /],
    [{ DEMO: "1", LEGACY_API_URL: "not a url" }, /^LEGACY_API_URL: /],
    [{ DEMO: "1", UPSTREAM_TIMEOUT_MS: "300001" }, /^UPSTREAM_TIMEOUT_MS: /],
    [{ DEMO: "1", SESSION_SECRET: "short" }, /^SESSION_SECRET: .*32 characters/],
    [{ DEMO: "yes" }, /^DEMO: /],
    [
      { NODE_ENV: "production", LEGACY_API_URL: "https://api.example", CMS_URL: "https://cms.example" },
      /^SESSION_SECRET: is required with a real backend/,
    ],
    // Whatever NODE_ENV says: the committed secret seals nothing outside the demo.
    [{ NODE_ENV: "development", LEGACY_API_URL: "https://api.example", CMS_URL: "https://cms.example" }, /^SESSION_SECRET: is required/],
    [{ NODE_ENV: "test", LEGACY_API_URL: "https://api.example", CMS_URL: "https://cms.example" }, /^SESSION_SECRET: is required/],
    [{ DEMO: "1", LEGACY_API_URL: "https://api.example" }, /^SESSION_SECRET: is required with a real backend/],
    // A key anyone can read in the repository, in any place of a rotation list.
    [
      { ...realBackend, SESSION_SECRET: ["dev-only-session", "secret-change-me-0123456789"].join("-") },
      /^SESSION_SECRET: key 1 of 1 is published in the portal's repository/,
    ],
    [
      { ...realBackend, SESSION_SECRET: `${"k".repeat(40)}, ${["dev-only-session", "secret-change-me-0123456789"].join("-")}` },
      /^SESSION_SECRET: key 2 of 2 is published/,
    ],
  ])("stops on %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
    expect(() => loadConfig(env)).not.toThrow(/\n/);
  });

  it("the demo may start with the published key: it seals only the demo's cookies", () => {
    expect(loadConfig({ DEMO: "1", SESSION_SECRET: ["dev-only-session", "secret-change-me-0123456789"].join("-") }).demo).toBe(true);
  });

  it.each([
    [{}, /^LEGACY_API_URL: is not set: .*or set DEMO=1 to start on the embedded simulators \(npm start does\)$/],
    [{ NODE_ENV: "production", DEMO: "0" }, /^LEGACY_API_URL: is not set/],
    [{ NODE_ENV: "production", LEGACY_API_URL: "https://api.example", SESSION_SECRET: "s".repeat(32) }, /^CMS_URL: is not set/],
    [{ CMS_URL: "https://cms.example" }, /^LEGACY_API_URL: is not set/],
  ])("without a backend, refuses %o unless DEMO=1 asks for the simulators", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("starts on named backends without the demo, and on the demo only where DEMO=1 asks", () => {
    const backends = { LEGACY_API_URL: "https://api.example", CMS_URL: "https://cms.example" };
    expect(loadConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(32), ...backends }).demo).toBe(false);
    expect(loadConfig({ ...backends, SESSION_SECRET: "s".repeat(32) }).demo).toBe(false);
    expect(demo({ NODE_ENV: "production" }).demo).toBe(true);
  });

  it("offers the styleguide in development, in production only when asked for", () => {
    expect(demo().styleguide).toBe(true);
    expect(demo({ NODE_ENV: "production" }).styleguide).toBe(false);
    expect(demo({ NODE_ENV: "production", STYLEGUIDE: "1" }).styleguide).toBe(true);
    expect(demo({ STYLEGUIDE: "0" }).styleguide).toBe(false);
  });

  it("rotates keys: the first secret seals, all are kept", () => {
    const config = demo({ SESSION_SECRET: `${"a".repeat(32)}, ${"b".repeat(32)}` });
    expect(config.sessionSecrets).toEqual(["a".repeat(32), "b".repeat(32)]);
  });

  it("reads tenants by host from TENANTS_FILE", () => {
    const file = join(mkdtempSync(join(tmpdir(), "tenants-")), "tenants.json");
    writeFileSync(
      file,
      JSON.stringify({
        "Empfehlen.Example.com": {
          tenant: "telekom",
          backendUrl: "https://legacy.example/",
          parentOrigins: ["https://www.example.com"],
          analyticsSiteId: 7,
        },
        "freunde.example.org": { tenant: "friday", origin: "https://freunde.example.org:8443" },
      }),
    );
    // A backendUrl is a real backend: it needs a secret of its own.
    expect(() => demo({ TENANTS_FILE: file })).toThrow(/^SESSION_SECRET: is required with a real backend/);
    const config = demo({ TENANTS_FILE: file, SESSION_SECRET: "s".repeat(32) });
    expect(config.tenantsByHost.get("empfehlen.example.com")).toEqual({
      tenant: "telekom",
      backendUrl: "https://legacy.example/",
      parentOrigins: ["https://www.example.com"],
      analyticsSiteId: 7,
      origin: "https://empfehlen.example.com",
      // Unless the entry says otherwise, a tenant portal's calls, in the contract's own casing.
      portal: "tenant",
      dialect: { keys: "PascalCase" },
      backendCookies: [],
    });
    expect(config.tenantsByHost.get("freunde.example.org")?.origin).toBe("https://freunde.example.org:8443");
    // Only the listed hosts: not localhost, which only the embedded default serves.
    expect([...config.tenantsByHost.keys()]).toEqual(["empfehlen.example.com", "freunde.example.org"]);
  });

  it("without a TENANTS_FILE serves the default tenant on localhost, and knows no demo tenant", () => {
    const config = demo({ PORT: "3600", DEFAULT_TENANT: "standard" });
    expect(Object.fromEntries([...config.tenantsByHost].map(([host, entry]) => [host, [entry.tenant, entry.origin]]))).toEqual({
      localhost: ["standard", "http://localhost:3600"],
      "127.0.0.1": ["standard", "http://127.0.0.1:3600"],
    });
  });

  it("takes the demo's tenants, where no TENANTS_FILE names any, as it reads a file: each with its local origin", () => {
    const config = loadConfig({ DEMO: "1", PORT: "3600", DEFAULT_TENANT: "standard" }, demoTenantHosts);
    expect([...config.tenantsByHost.keys()]).toEqual([
      "telekom.localhost",
      "allianz.localhost",
      "standard.localhost",
      "friday.localhost",
      "localhost",
      "127.0.0.1",
    ]);
    expect(config.tenantsByHost.get("telekom.localhost")?.origin).toBe("http://telekom.localhost:3600");
    expect(config.tenantsByHost.get("localhost")?.tenant).toBe("standard");
    expect(() => loadConfig({ DEMO: "1" }, () => ({ "a.localhost": { tenant: "Bad Name" } }))).toThrow(/a\.localhost\.tenant/);
  });

  it("takes Sentinels with the primary's name instead of REDIS_URL, never both", () => {
    expect(demo({ REDIS_SENTINELS: "10.0.0.1:26379,sentinel-b:26380", REDIS_MASTER_NAME: "portal", REDIS_PASSWORD: "pw" }).redis).toEqual({
      sentinels: [
        { host: "10.0.0.1", port: 26379 },
        { host: "sentinel-b", port: 26380 },
      ],
      name: "portal",
      password: "pw",
    });
    expect(() => demo({ REDIS_SENTINELS: "10.0.0.1:26379" })).toThrow(/^REDIS_MASTER_NAME/);
    expect(() => demo({ REDIS_SENTINELS: "10.0.0.1", REDIS_MASTER_NAME: "portal" })).toThrow(
      /^REDIS_SENTINELS: a comma-separated list of host:port/,
    );
    expect(() => demo({ REDIS_SENTINELS: "a:1", REDIS_MASTER_NAME: "portal", REDIS_URL: "redis://a:2" })).toThrow(
      /^REDIS_SENTINELS: set REDIS_URL or/,
    );
  });

  it("takes REDIS_URL only as a Redis address, and METRICS_PORT as a port of its own", () => {
    expect(demo({ REDIS_URL: "redis://127.0.0.1:6379/0" }).redis).toEqual({ url: "redis://127.0.0.1:6379/0" });
    expect(demo().redis).toBeUndefined();
    expect(() => demo({ REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/^REDIS_URL/);
    expect(demo({ METRICS_PORT: "9464" }).metrics).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(demo().metrics).toBeUndefined();
  });

  it("names the broken entry of a bad TENANTS_FILE", () => {
    const file = join(mkdtempSync(join(tmpdir(), "tenants-")), "tenants.json");
    writeFileSync(file, JSON.stringify({ "a.example": { tenant: "Bad Name" } }));
    expect(() => demo({ TENANTS_FILE: file })).toThrow(/^TENANTS_FILE: a\.example\.tenant/);
  });
});
