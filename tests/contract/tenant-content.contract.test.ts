// The legacy API's content calls: the languages a tenant offers, its own texts and its variables.
import { describe, expect, it } from "vitest";
import { getContentVariables, getLanguageContent, getPageVariables } from "../../bff/content/tenant-content.server";
import { requestContext } from "../../bff/portal/request-context.server";
import { getLanguages } from "../../bff/tenant/tenant.server";
import { tenantTexts } from "../../bff/tenant-reads/tenant-texts.server";
import { backendsForSuite, bffOver, onRealBackend, pageRequest } from "../support/backends";

const env = backendsForSuite();
const contextOf = (tenant: string) => requestContext(pageRequest(tenant), env.bff);

describe("tenant content calls", () => {
  it("answer in their shapes: languages as codes, texts and variables as name → text", async () => {
    const { api } = await contextOf("telekom");
    expect(await getLanguages(api)).toEqual(expect.arrayContaining(["de"]));
    for (const reply of [
      await getLanguageContent(api, "de"),
      await getContentVariables(api),
      await getPageVariables(api, "kontakt", ["Hotline"]),
    ]) {
      expect(Object.values(reply).every((value) => typeof value === "string")).toBe(true);
    }
  });

  it.skipIf(onRealBackend)("give the tenant's words with its variables filled in, and only the languages the portal has", async () => {
    const telekom = await contextOf("telekom");
    expect(await tenantTexts(env.bff, telekom)).toMatchObject({
      "home_page.howItWorks": "So einfach geht's",
      "contact.intro": expect.stringContaining("0800 330 1000"),
    });
    await expect(getPageVariables(telekom.api, "kontakt", ["Hotline", "Unbekannt"])).resolves.toEqual({ Hotline: "0800 330 1000" });
    const languagesOf = async (tenant: string) => env.bff.tenants.languagesOf((await contextOf(tenant)).tenant);
    expect(await languagesOf("friday")).toEqual(["de"]);
    expect(await languagesOf("standard")).toEqual(["de", "en"]);
    expect(await tenantTexts(env.bff, await contextOf("standard"))).toEqual({});
  });

  it.skipIf(onRealBackend)("decide the page's language: a language the tenant does not offer is never the page's", async () => {
    const english = { headers: { "Accept-Language": "en", Cookie: "lng=en" } };
    expect((await requestContext(pageRequest("friday", "/?lng=en", english), env.bff)).locale).toBe("de");
    expect((await requestContext(pageRequest("standard", "/", english), env.bff)).locale).toBe("en");
    expect((await requestContext(pageRequest("standard", "/?lng=de", english), env.bff)).locale).toBe("de");
  });

  it.skipIf(onRealBackend)("offer every portal language where the backend lacks the call", async () => {
    env.backends.simulators!.legacy.switches.fault = { kind: "notImplemented", path: "content/getlanguages" };
    const { bff } = bffOver(env.backends);
    try {
      expect(await bff.tenants.languagesOf(bff.tenants.resolve("friday.localhost"))).toEqual(["de", "en"]);
    } finally {
      await bff.close();
    }
  });
});
