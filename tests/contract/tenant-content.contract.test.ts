// The legacy API's content calls: the languages a tenant offers, its own texts and its variables.
import { describe, expect, it } from "vitest";
import {
  getContentVariables,
  getLanguageContent,
  getLanguages,
  getPageVariables,
  offeredLanguages,
  tenantTexts,
} from "../../bff/catalogue/tenant-content.server";
import { requestContext } from "../../bff/core/request-context.server";
import { backendsForSuite, onRealBackend, pageRequest } from "../support/backends";

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
    expect(await offeredLanguages(env.bff, await contextOf("friday"), ["de", "en"])).toEqual(["de"]);
    expect(await offeredLanguages(env.bff, await contextOf("standard"), ["de", "en"])).toEqual(["de", "en"]);
    expect(await tenantTexts(env.bff, await contextOf("standard"))).toEqual({});
  });
});
