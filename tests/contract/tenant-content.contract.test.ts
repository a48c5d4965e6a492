// The legacy API's content calls: the languages a tenant offers, its own texts and its variables.
import { describe, expect, it } from "vitest";
import { action as switchLanguage } from "../../app/routes/sprache";
import { formTokenFor } from "../../bff/core/form-token.server";
import { requestContext } from "../../bff/core/request-context.server";
import { getLanguages } from "../../bff/core/tenant.server";
import { getContentVariables, getLanguageContent, getPageVariables, tenantTexts } from "../../bff/site/tenant-content.server";
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

  it.skipIf(onRealBackend)("let the language switch store only a language the tenant offers", async () => {
    const switchTo = async (tenant: string, lng: string) => {
      const { token, setCookie } = formTokenFor(pageRequest(tenant), env.bff);
      const request = pageRequest(tenant, "/sprache", {
        method: "POST",
        body: new URLSearchParams({ lng, redirectTo: "/faq", formToken: token }),
        cookies: [setCookie!],
      });
      const response = (await switchLanguage({
        request,
        params: {},
        context: { bff: env.bff, cspNonce: "n", requestId: "r" },
      })) as Response;
      return [response.headers.get("Location"), response.headers.get("Set-Cookie")?.split(";")[0] ?? null];
    };
    expect(await switchTo("friday", "en")).toEqual(["/faq", null]);
    expect(await switchTo("standard", "en")).toEqual(["/faq", expect.stringMatching(/^lng=/)]);
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
