// The loader behind the legal pages: one CMS content block each; without the CMS, the page says so.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { fixedT } from "~/i18n/i18n.server";

export type LegalPageId = "impressum" | "datenschutz" | "agb" | "barrierefreiheit";

export async function loadLegalPage({ request, context }: Pick<LoaderFunctionArgs, "request" | "context">, id: LegalPageId) {
  const { bff } = context;
  const { config, locale, texts } = await context.requestContext(request);
  const block = await bff.cms.optional(() => bff.cms.getContentBlock(config, id, locale));
  const title = block?.Titel ?? fixedT(texts)(`legal.${id}`);
  return { title, text: block?.Inhalt ?? null, tenantName: config.Name };
}
