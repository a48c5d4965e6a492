// The legal pages' loader: its CMS block, and the way home where the tenant's advisor module is on.
import { describe, expect, it } from "vitest";
import { loader as impressumLoader } from "../../app/routes/impressum";
import { createLoadContext } from "../../bff/portal/load-context.server";
import { backendsForSuite, bffOver, onRealBackend, pageRequest } from "../support/backends";

const env = backendsForSuite();

describe("legal pages", () => {
  it.skipIf(onRealBackend)("the imprint comes from the CMS, and goes home when the advisor module is on", async () => {
    const { bff } = bffOver(env.backends);
    const argsOver = (over: typeof bff) => ({
      request: pageRequest("allianz", "/impressum"),
      params: {},
      context: createLoadContext(over, { cspNonce: "n", requestId: "r" }),
    });
    try {
      expect(await impressumLoader(argsOver(bff))).toMatchObject({ title: "Impressum", text: expect.stringContaining("Handelsregister") });
    } finally {
      await bff.close();
    }
    env.backends.simulators?.legacy.overrideConfig("allianz", { ModuleAdv: true });
    const fresh = bffOver(env.backends).bff;
    try {
      const thrown = await impressumLoader(argsOver(fresh)).catch((error: unknown) => error);
      expect((thrown as Response).headers.get("Location")).toBe("/");
    } finally {
      await fresh.close();
    }
  });
});
