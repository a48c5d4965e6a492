// The home page's brand levers (decision 079): what a tenant's first screen leads with and the order of its
// sections come from its configuration; a value the portal does not know is refused loudly, not guessed.
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { loader as homeLoader } from "../../app/routes/_index";
import { tenantConfigSchema } from "../../bff/legacy/contract";
import { createLoadContext } from "../../bff/portal/load-context.server";
import { backendsForSuite, bffOver, onRealBackend, pageRequest } from "../support/backends";

const env = backendsForSuite();

async function home(tenant: string, path = "/") {
  const { bff } = bffOver(env.backends);
  try {
    const args = { request: pageRequest(tenant, path), params: {}, context: createLoadContext(bff, { cspNonce: "n", requestId: "r" }) };
    return (await homeLoader(args)) as Awaited<ReturnType<typeof homeLoader>>;
  } finally {
    await bff.close();
  }
}

describe.skipIf(onRealBackend)("the home page's levers", () => {
  afterEach(() => env.backends.simulators?.legacy.reset());

  it("lead with the configured part and show the configured sections in their order", async () => {
    expect(await home("telekom")).toMatchObject({ lead: "Tarife", sections: ["Schritte", "Praemien", "Inhalt", "Code"] });
    expect(await home("allianz")).toMatchObject({ lead: "Berater", sections: ["Inhalt", "Schritte", "Praemien", "Code"] });
    expect(await home("friday")).toMatchObject({ lead: "Bild", sections: ["Inhalt", "Praemien", "Schritte", "Code"] });
    // Without the levers: the picture, and the portal's order of what the tenant offers.
    expect(await home("standard")).toMatchObject({ lead: "Bild", sections: ["Inhalt", "Schritte", "Praemien", "Code"], tariffs: null });
  });

  it("lead with the picture where the tenant offers no agents, and leave out a section it does not offer", async () => {
    env.backends.simulators!.legacy.overrideConfig("standard", {
      Startseite: "Berater",
      StartseiteAbschnitte: ["Code", "Berater", "Tarife"],
      ModuleErstelleOfflineEmpfehlungCode: false,
    });
    const page = await home("standard");
    expect(page).toMatchObject({ lead: "Bild", sections: ["Tarife"], agents: null });
    // Tariffs asked for by the configuration come on any tenant.
    expect(page.tariffs?.length).toBeGreaterThan(0);
  });

  it("show the promise from the tenant's key visual, the portal's own where its CMS has none", async () => {
    expect((await home("telekom")).hero.promise).toBe("Gutes Netz teilt man gern");
    const handlers = env.backends.simulators!.cms.handlers;
    handlers.unshift(http.get("*/keyvisual/:id", () => new HttpResponse(null, { status: 404 })));
    try {
      expect(await home("standard")).toMatchObject({
        hero: { promise: "Weitersagen, was Sie überzeugt", subtitle: null },
        keyVisual: null,
      });
    } finally {
      handlers.shift();
    }
  });

  it("refuse a lead or a section the portal does not know, naming the call and the field", async () => {
    // @ts-expect-error: a lead the portal does not know, as a backend may send it
    env.backends.simulators!.legacy.overrideConfig("standard", { Startseite: "Karussell" });
    const refused = (await home("standard").catch((error: unknown) => error)) as Error;
    // The tenant is unavailable (its friendly 503), the cause naming the call and the field.
    expect(refused.name).toBe("TenantUnavailableError");
    expect(refused.cause).toMatchObject({ call: "getTenantConfig", field: expect.stringMatching(/^Startseite: /) });
    const sections = tenantConfigSchema.shape.StartseiteAbschnitte.safeParse(["Schritte", "Newsletter"]);
    expect(sections.success).toBe(false);
  });
});

describe.skipIf(onRealBackend)("the agency's agents by postcode", () => {
  it("are those at the postcode, else in its region, else the first of all, each said as such", async () => {
    const at = await home("allianz", "/?plz=85354");
    expect(at.agents).toMatchObject({ search: { postcode: "85354", invalid: false, nearness: "postcode" } });
    expect(at.agents!.shown.every((agent) => agent.place === "85354 Freising")).toBe(true);
    // A search's count is not the agency's: the way to all agents then names none.
    expect(at.agents!.total).toBeNull();
    const region = await home("allianz", "/?plz=85399");
    expect(region.agents).toMatchObject({ search: { nearness: "region" } });
    expect(region.agents!.shown.every((agent) => agent.place.startsWith("85"))).toBe(true);
    expect((await home("allianz", "/?plz=12345")).agents).toMatchObject({ total: 14, search: { nearness: "elsewhere" } });
  });

  it("keep what was typed when it is no postcode, and ask for five digits", async () => {
    const page = await home("allianz", "/?plz=80a31");
    expect(page.agents).toMatchObject({ search: { postcode: "80a31", invalid: true, nearness: null } });
    expect(page.agents!.shown).toHaveLength(3);
  });
});
