import { describe, expect, it } from "vitest";
import { demoTenantHosts } from "../../simulators/demo-tenants";
import { memoryLogger } from "../../tests/support/test-logger";
import type { TenantConfig } from "../legacy/contract";
import { createLegacyClient } from "../legacy/legacy-client.server";
import { loadConfig } from "../platform/config.server";
import { createMetrics } from "../platform/metrics.server";
import { createSharedReads } from "./shared-reads.server";
import { createTenantRegistry, productApiOf } from "./tenant.server";

describe("tenants", () => {
  const registry = createTenantRegistry({
    config: loadConfig({ DEMO: "1", DEFAULT_TENANT: "standard" }, demoTenantHosts),
    legacy: createLegacyClient({ timeoutMs: 1_000, connectTimeoutMs: 500, logger: memoryLogger().logger }),
    backendUrl: "http://127.0.0.1:9",
    sharedReads: createSharedReads(),
    logger: memoryLogger().logger,
    metrics: createMetrics(),
  });

  it("are chosen by host name, each with its configured origin", () => {
    expect(registry.resolve("friday.localhost")).toEqual({
      tenant: "friday",
      origin: "http://friday.localhost:3000",
      backendUrl: "http://127.0.0.1:9",
      parentOrigins: ["http://localhost:3000", "http://127.0.0.1:3000"],
      analyticsSiteId: 4,
      agencySso: null,
      portal: "insurance",
      dialect: { keys: "PascalCase" },
      backendCookies: [],
    });
    expect(registry.resolve("TELEKOM.localhost").tenant).toBe("telekom");
  });

  it("keep one origin per tenant, its first host's, whichever host a request came on (share links, canonical links)", () => {
    for (const host of ["standard.localhost", "localhost", "127.0.0.1"]) {
      expect(registry.resolve(host).origin).toBe("http://standard.localhost:3000");
    }
  });

  it("serve only configured hosts", () => {
    expect(registry.serves("Allianz.localhost")).toBe(true);
    expect(registry.serves("localhost")).toBe(true);
    expect(registry.serves("portal.example.com")).toBe(false);
    expect(registry.serves("evil.localhost")).toBe(false);
  });

  it("pick their product calls by the product API type", () => {
    expect(productApiOf({ ProduktApi: "allianz" } as TenantConfig)).toBe("allianz");
    for (const ProduktApi of [undefined, null, "", "vodafone"]) {
      expect(() => productApiOf({ ProduktApi } as TenantConfig)).toThrow(
        "Keine/Unbekannte Produkt-API in Mandantenkonfiguration definiert",
      );
    }
  });
});
