// The tenant's own texts, read once for all its pages in a language.
import { withVariables } from "../content/content.server";
import { getContentVariables, getLanguageContent } from "../content/tenant-content.server";
import { orWhereMissing } from "../legacy/errors";
import type { RequestContext } from "../portal/request-context.server";
import type { Bff } from "../portal/services.server";
import { optionalSharedPart } from "../tenant/optional-part.server";

type TenantContext = Pick<RequestContext, "api" | "tenant" | "locale">;

/**
 * The tenant's own texts in the page's language, with its variables filled in: read and filled once
 * for all the tenant's pages in that language (every page's root asks for them).
 */
export function tenantTexts(bff: Bff, ctx: TenantContext): Promise<Record<string, string>> {
  // Without them (a backend that lacks the call, or fails), the page has the portal's own words.
  return optionalSharedPart(
    bff,
    ctx.tenant,
    { call: "tenantTexts", locale: ctx.locale },
    async () => {
      const [texts, variables] = await Promise.all([
        getLanguageContent(ctx.api, ctx.locale),
        orWhereMissing(getContentVariables(ctx.api), {}),
      ]);
      return Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, withVariables(text, variables)]));
    },
    {},
  );
}
