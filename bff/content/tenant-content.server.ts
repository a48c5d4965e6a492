// The legacy API's content calls: a tenant's own texts per language (on top of the portal's texts)
// and its text variables (reply shapes chosen: docs/decisions/039). Its languages: tenant/tenant.server.ts.
import type { LegacyApi } from "../legacy/legacy-client.server";
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
