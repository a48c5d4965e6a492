import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogueImageKinds, getCatalogueImage } from "#bff/catalogue/catalogue.server";
import { productCategoriesOf, productOf } from "#bff/tenant-reads/catalogue-flow.server";
import { artworkSvg, categorySubject, pictureOrArtwork, productSubject } from "~/artwork.server";
import { themeColours } from "~/theme";

/** Each picture's size as the pages show it (its box is reserved there). */
const SIZES = { grafik: [320, 192], sgrafik: [120, 72], icon: [24, 24] } as const;
const CATEGORY_SIZES = { ...SIZES, grafik: [96, 96] } as const;

/**
 * Product graphics (grafik, sgrafik) and category graphics and icons through the BFF; where the backend
 * has none, the portal's own artwork for the product's kind or the category, in the tenant's colours.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const owner = params.owner === "produkt" || params.owner === "produktkategorie" ? params.owner : null;
  const id = Number(params.id);
  const kind = params.kind as keyof typeof SIZES;
  if (!owner || !(Number.isSafeInteger(id) && id > 0) || !(catalogueImageKinds[owner] as readonly string[]).includes(kind)) {
    return new Response(null, { status: 404 });
  }
  const ctx = await context.requestContext(request);
  return pictureOrArtwork(
    () => getCatalogueImage(ctx.api, owner, id, kind),
    async () => {
      const [width, height] = (owner === "produkt" ? SIZES : CATEGORY_SIZES)[kind];
      const subject =
        owner === "produkt"
          ? productSubject(await productOf(context.bff, ctx, id))
          : categorySubject((await productCategoriesOf(context.bff, ctx)).find((category) => category.Id === id)?.Name ?? null);
      return artworkSvg(subject, themeColours(ctx.config.Farbe ?? undefined), width, height, kind === "icon");
    },
  );
}
