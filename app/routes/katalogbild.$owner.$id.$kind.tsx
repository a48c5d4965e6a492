import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogueImageKinds, getCatalogueImage } from "#bff/catalogue/catalogue.server";
import { imageResponse } from "#bff/catalogue/image-response.server";
import { requestContext } from "#bff/core/request-context.server";

/** Product graphics (grafik, sgrafik) and category graphics and icons through the BFF. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const owner = params.owner === "produkt" || params.owner === "produktkategorie" ? params.owner : null;
  const id = Number(params.id);
  if (!owner || !Number.isInteger(id) || !(catalogueImageKinds[owner] as readonly string[]).includes(params.kind ?? "")) {
    return new Response(null, { status: 404 });
  }
  const { api } = await requestContext(request, context.bff);
  return imageResponse(await getCatalogueImage(api, owner, id, params.kind!));
}
