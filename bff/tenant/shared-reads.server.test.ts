import { describe, expect, it } from "vitest";
import { createSharedReads, tenantReadKey } from "./shared-reads.server";

describe("shared reads", () => {
  it("makes one upstream call for 100 concurrent reads of a key", async () => {
    const reads = createSharedReads();
    let calls = 0;
    const load = async () => {
      calls += 1;
      return "value";
    };
    const values = await Promise.all(Array.from({ length: 100 }, () => reads.read("tenant|key", load)));
    expect(new Set(values)).toEqual(new Set(["value"]));
    expect(calls).toBe(1);
  });

  it("passes a failure on to every waiter, and tries again on the next read", async () => {
    const reads = createSharedReads();
    await expect(reads.read("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(reads.read("k", async () => "back")).resolves.toBe("back");
  });

  it("serves the stale value when a refresh fails", async () => {
    const reads = createSharedReads({ ttlMs: 1 });
    await reads.read("k", async () => "first");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await reads.read("k", () => Promise.reject(new Error("down")));
    await expect(reads.read("k", () => Promise.reject(new Error("still down")))).resolves.toBe("first");
  });

  it("keeps a tenant read per language, so a backend that localises a reply shows each visitor their own", async () => {
    const reads = createSharedReads();
    const tenant = { backendUrl: "http://legacy.example", tenant: "telekom" };
    const products = (locale: "de" | "en") =>
      reads.ofTenant(tenant, { call: "products", locale, args: ["mobil"] }, async () => (locale === "de" ? "Tarif" : "Plan"));
    expect(await products("de")).toBe("Tarif");
    expect(await products("en")).toBe("Plan");
    expect(await products("de")).toBe("Tarif");
  });

  it("makes every tenant read's key from the backend, the tenant, the call, the language and the arguments", () => {
    const tenant = { backendUrl: "http://legacy.example", tenant: "telekom" };
    expect(tenantReadKey(tenant, { call: "offers", locale: "en", args: [7] })).toBe("http://legacy.example|telekom|offers|en|7");
    // A read the same in every language says so: `*` in its key.
    expect(tenantReadKey(tenant, { call: "config", locale: null })).toBe("http://legacy.example|telekom|config|*");
    expect(tenantReadKey({ ...tenant, tenant: "friday" }, { call: "config", locale: null })).not.toBe(
      tenantReadKey(tenant, { call: "config", locale: null }),
    );
  });
});
