// The legacy API's content calls: a tenant's own texts per language (on top of the portal's texts)
// and its text variables (reply shapes chosen: docs/decisions/039). Its languages: core/tenant.server.ts.
import { orWhereMissing } from "../core/errors";
import type { LegacyApi } from "../core/legacy-client.server";
import { optionalSharedPart } from "../core/optional-part.server";
import type { RequestContext } from "../core/request-context.server";
import type { Bff } from "../core/services.server";
import { withVariables } from "./content.server";
import { tenantTextsSchema } from "./replies";

/** The tenant's texts in one language, keyed by the portal's text keys (`home_page.howItWorks`). */
export function getLanguageContent(api: LegacyApi, language: string) {
  return api.request({
    call: "getLanguageContent",
    path: `content/getlanguagecontent/${encodeURIComponent(language)}`,
    schema: tenantTextsSchema,
  });
}

/** The tenant's text variables (`Hotline`, …), used as `{{Hotline}}` in its texts. */
export function getContentVariables(api: LegacyApi) {
  return api.request({ call: "getContentVariables", path: "content/variables/", schema: tenantTextsSchema });
}

/** The variables one page asks for by name (the POST form of the call). */
export function getPageVariables(api: LegacyApi, pageName: string, names: string[]) {
  return api.request({
    call: "getPageVariables",
    method: "POST",
    path: `content/variables/${encodeURIComponent(pageName)}`,
    body: { Namen: names },
    schema: tenantTextsSchema,
  });
}

type TenantContext = Pick<RequestContext, "api" | "tenant" | "locale">;

/**
 * The tenant's own texts in the page's language, with its variables filled in: read and filled once
 * for all the tenant's pages in that language (every page's root asks for them).
 */
export function tenantTexts(bff: Bff, page: TenantContext): Promise<Record<string, string>> {
  // Without them (a backend that lacks the call, or fails), the page has the portal's own words.
  return optionalSharedPart(
    bff,
    page.tenant,
    { call: "tenantTexts", locale: page.locale },
    async () => {
      const [texts, variables] = await Promise.all([
        getLanguageContent(page.api, page.locale),
        orWhereMissing(getContentVariables(page.api), {}),
      ]);
      return Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, withVariables(text, variables)]));
    },
    {},
  );
}
