import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { getProductByExternalId } from "#bff/catalogue/catalogue.server";
import { LegacyApiError } from "#bff/legacy/errors";
import { requireLoginIfForced } from "~/access/recommender.server";

/**
 * A product addressed by the tenant's own id (`/empfehlen/extern/{id}?quelle=shop&handyId=…`, e.g.
 * from its shop): on to its recommendation form, the query kept (the source, the device, a channel).
 * An id the backend does not know goes to the 404 page, as an unknown path does.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context);
  const { api } = await context.requestContext(request);
  const url = new URL(request.url);
  const source = { quelle: url.searchParams.get("quelle") || "web", handyId: url.searchParams.get("handyId") ?? undefined };
  try {
    const product = await getProductByExternalId(api, params.externeId!, source);
    return redirect(`/empfehlen/${product.Id}${url.search}`);
  } catch (error) {
    if (error instanceof LegacyApiError && error.upstreamStatus === 404) throw redirect("/404");
    throw error;
  }
}
