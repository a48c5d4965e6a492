import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#bff/request-context.server";

/** The tenant's brand colour from its configuration, as a stylesheet (the CSP allows no inline styles). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = await requestContext(request, context.bff);
  const css = config.Farbe ? `:root{--brand:${config.Farbe}}\n` : "";
  return new Response(css, { headers: { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
