// /readyz's check over the simulator in each dialect: what an older ASP.NET backend sends is read; a
// camelCase backend is refused at readiness with the tenant, call and field, and read once declared.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createReadiness } from "#bff/tenant/readiness.server";
import { demoTenantHosts } from "../../simulators/demo-tenants";
import { backendsForSuite, bffOver, onRealBackend } from "../support/backends";

const env = backendsForSuite();

/** A BFF of its own (readiness remembers its last answer), optionally with every local tenant declared camelCase. */
function freshBff(declareCamelCase = false) {
  if (!declareCamelCase) return bffOver(env.backends).bff;
  const hosts = Object.fromEntries(
    Object.entries(demoTenantHosts(3000, "standard")).map(([host, entry]) => [host, { ...entry, dialect: { keys: "camelCase" } }]),
  );
  const file = join(tmpdir(), `tenants-camel-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(hosts));
  return bffOver(env.backends, { TENANTS_FILE: file }).bff;
}

async function readinessWith(dialect: string | string[] | null, declareCamelCase = false) {
  const response = await fetch(`${env.backends.legacyUrl}/__control`, { method: "POST", body: JSON.stringify({ dialect }) });
  expect(response.ok).toBe(true);
  const bff = freshBff(declareCamelCase);
  try {
    return await bff.readiness.checkNow();
  } finally {
    await bff.close();
  }
}

describe.skipIf(onRealBackend)("readiness", () => {
  it("is ready on the simulator as written and as an older ASP.NET backend speaks", async () => {
    expect(await readinessWith(null)).toMatchObject({ ready: true, problems: [] });
    expect(await readinessWith("dotnet")).toMatchObject({ ready: true, problems: [], tenants: { telekom: true, friday: true } });
  });

  it("refuses a camelCase backend with one line naming the tenant, the call and the field, and reads it once declared", async () => {
    const refused = await readinessWith("camelCase");
    expect(refused.ready).toBe(false);
    expect(refused.tenants).toEqual({ telekom: false, allianz: false, standard: false, friday: false });
    expect(refused.problems).toContainEqual(
      expect.stringMatching(/^telekom: getTenantConfig: Mandant: expected the key "Mandant", received "mandant"/),
    );
    expect(await readinessWith("camelCase", true)).toMatchObject({ ready: true, problems: [] });
  });

  it("reads padded codes as meant, and refuses enums sent as numbers with its hint, never throwing", async () => {
    expect(await readinessWith(["dotnet", "padded", "minValueDates", "wrapped"])).toMatchObject({ ready: true, problems: [] });
    const ordinal = await readinessWith(["ordinalEnums"]);
    expect(ordinal.tenants).toEqual({ telekom: false, allianz: false, standard: false, friday: false });
    expect(ordinal.problems).toContainEqual(
      "telekom: getTenantConfig: ProduktApi: expected a name, received the number 0 (cannot read the reply)",
    );
  });

  it("is ready on the dialects of issue 56 (capitals, text booleans, string ids, control characters, envelopes, 403 tokens, windows-1252)", async () => {
    const dialects = ["casedNames", "textBooleans", "stringIds", "controlCharacters", "envelope", "forbiddenTokens", "windows1252"];
    expect(await readinessWith(dialects)).toMatchObject({ ready: true, problems: [] });
  });

  it("is not ready where a read a page cannot do without answers null, nothing, or cannot be read, naming the call", async () => {
    const switches = env.backends.simulators!.legacy.switches;
    try {
      for (const [kind, path, expected] of [
        [
          "nullReply",
          "/api/v1/telekom/account/passwortvalidator",
          /^telekom: getPasswordRules: \(the reply\): expected an object, received null/,
        ],
        [
          "emptyReply",
          "/api/v1/telekom/account/passwortvalidator",
          /^telekom: getPasswordRules: \(the reply\): expected an object, received an empty body/,
        ],
        ["contract", "/api/v1/route/default", /^telekom: getDefaultRoutes: /],
      ] as const) {
        switches.fault = { kind, path };
        const answer = await readinessWith(null);
        expect(answer.tenants.telekom, kind).toBe(false);
        expect(answer.problems).toContainEqual(expect.stringMatching(expected));
      }
      // A backend without the default routes (404) is fine: the pages read them as none.
      switches.fault = { kind: "notImplemented", path: "/api/v1/route/default" };
      expect(await readinessWith(null)).toMatchObject({ ready: true, problems: [] });
    } finally {
      switches.fault = null;
    }
  });

  it("stays ready while one tenant can be served, and says which cannot, per tenant too", async () => {
    await fetch(`${env.backends.legacyUrl}/__control`, {
      method: "POST",
      body: JSON.stringify({ dialect: null, dialectFor: { friday: "ordinalEnums" } }),
    });
    const bff = freshBff();
    try {
      expect(await bff.readiness.checkNow()).toMatchObject({ ready: true, tenants: { telekom: true, friday: false } });
      expect(await bff.readiness.checkTenant("friday")).toMatchObject({ ready: false, problems: [expect.stringMatching(/^friday: /)] });
      expect(await bff.readiness.checkTenant("telekom")).toMatchObject({ ready: true, problems: [] });
      expect(await bff.readiness.checkTenant("nobody")).toBeNull();
      expect(await bff.metrics.registry.getSingleMetricAsString("portal_tenant_ready")).toContain('portal_tenant_ready{tenant="friday"} 0');
      bff.readiness.stop();
      expect(bff.readiness.check().ready).toBe(false);
    } finally {
      await fetch(`${env.backends.legacyUrl}/__control`, { method: "POST", body: JSON.stringify({ dialectFor: { friday: null } }) });
      await bff.close();
    }
  });

  it("reports a backend that has gone down, never answering from its last good replies", async () => {
    const bff = freshBff();
    try {
      await bff.readiness.checkNow();
      // The pages' last good replies are kept; readiness must not be answered from them.
      await bff.tenants.configOf(bff.tenants.resolve("telekom.localhost"));
      env.backends.simulators!.legacy.switches.fault = { kind: "error500", path: "/mandant/telekom" };
      const refreshed = createReadiness({ tenants: bff.tenants, legacy: bff.legacy, logger: bff.logger, reads: [] });
      expect((await refreshed.checkNow()).tenants).toMatchObject({ telekom: false, allianz: true });
      await fetch(`${env.backends.legacyUrl}/__control`, {
        method: "POST",
        body: JSON.stringify({ fault: { kind: "down", forMs: 1_500 } }),
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const down = createReadiness({ tenants: bff.tenants, legacy: bff.legacy, logger: bff.logger, reads: [] });
      expect((await down.checkNow()).tenants).toEqual({ telekom: false, allianz: false, standard: false, friday: false });
    } finally {
      env.backends.simulators!.legacy.switches.fault = null;
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      await bff.close();
    }
  });

  it("checks only the tenants a host serves: the default tenant, named by no host, decides nothing", async () => {
    const onlyFriday = (backendUrl?: string) => {
      const file = join(tmpdir(), `tenants-friday-${process.pid}.json`);
      writeFileSync(file, JSON.stringify({ "friday.localhost": { tenant: "friday", origin: "http://friday.localhost:3000", backendUrl } }));
      return bffOver(env.backends, { TENANTS_FILE: file, DEFAULT_TENANT: "standard" }).bff;
    };
    const served = onlyFriday();
    const fridayDown = onlyFriday("http://127.0.0.1:9");
    try {
      const readiness = await served.readiness.checkNow();
      expect(readiness).toMatchObject({ ready: true, problems: [] });
      expect(readiness.tenants).toEqual({ friday: true });
      expect(await served.readiness.checkTenant("standard")).toBeNull();
      // The default tenant's backend answers, but no host of this instance serves it: out of the balancer.
      expect(await fridayDown.readiness.checkNow()).toMatchObject({ ready: false, tenants: { friday: false } });
    } finally {
      await Promise.all([served.close(), fridayDown.close()]);
    }
  });

  it("reports an unreachable backend as not ready", async () => {
    const { bff } = bffOver({ ...env.backends, legacyUrl: "http://127.0.0.1:9" });
    try {
      const { ready, problems } = await bff.readiness.checkNow();
      expect(ready).toBe(false);
      expect(problems[0]).toMatch(/^\w+: getTenantConfig: getTenantConfig unavailable/);
    } finally {
      await bff.close();
    }
  });

  it("checks at most every half minute: probes in between are answered from the last check", async () => {
    const bff = freshBff();
    try {
      const calls = () => env.backends.simulators!.legacy.callsTo("GET", "/api/v1/mandant/telekom");
      await bff.readiness.checkNow();
      const after = calls();
      for (let probe = 0; probe < 5; probe++) bff.readiness.check();
      expect(calls()).toBe(after);
    } finally {
      await bff.close();
    }
  });

  it("never waits for a tenant's check: a probe before any answer says so at once, and a slow tenant holds no other's answer", async () => {
    env.backends.simulators!.legacy.switches.fault = { kind: "slow", path: "/mandant/friday", ms: 60_000 };
    const bff = freshBff();
    try {
      const first = bff.readiness.check();
      expect(first).toMatchObject({ ready: false, tenants: { telekom: false, friday: false } });
      expect(first.problems).toContain("friday: not checked yet");
      await expect.poll(() => bff.readiness.check().tenants.telekom).toBe(true);
      expect(bff.readiness.check()).toMatchObject({ ready: true, tenants: { telekom: true, friday: false } });
      expect(bff.readiness.checkTenant("friday")).toMatchObject({ ready: false, problems: ["friday: not checked yet"] });
    } finally {
      env.backends.simulators!.legacy.switches.fault = null;
      await bff.close();
    }
  });
});
