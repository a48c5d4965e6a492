import type { LoaderFunctionArgs } from "@remix-run/node";
import { drawnPictureResponse } from "#bff/pictures/picture-response.server";
import { brandPicture, PREVIEW_PICTURE_CACHING, previewContextOf, previewJob } from "~/link-preview.server";

/** The brand's preview picture (og:image of every page but a landing): the tenant's logo, colour and promise. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await previewContextOf(request, context, params.tenant!);
  const { key, shows } = brandPicture(ctx);
  return drawnPictureResponse(request, context.bff.pictures, {
    key,
    describe: async () => ({ shows, job: previewJob(context.bff, ctx.config, shows) }),
    headers: { "Cache-Control": PREVIEW_PICTURE_CACHING },
  });
}
