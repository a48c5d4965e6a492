import type { LoaderFunctionArgs } from "@remix-run/node";
import { followableRecommendation } from "#bff/for-recipients/recipient-flow.server";
import { drawnPictureResponse } from "#bff/pictures/picture-response.server";
import { lookUpRecommendation } from "#bff/recommendation/recommendation.server";
import { brandPicture, invitationPicture, PREVIEW_PICTURE_CACHING, previewContextOf, previewJob } from "~/link-preview.server";

/**
 * A shared link's preview picture (og:image), fetched by crawlers without cookies: who invites to
 * what, and the friend's benefit; the brand alone where the link can no longer be followed, as for
 * a number no one knows. Its address names the tenant and the recommendation, the language in `?lng=`.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await previewContextOf(request, context, params.tenant!);
  return drawnPictureResponse(request, context.bff.pictures, {
    key: `preview ${ctx.tenant.tenant} ${params.empfehlungsnummer} ${ctx.texts}`,
    describe: async () => {
      const recommendation = await followableRecommendation(() =>
        lookUpRecommendation(context.linkLookups, ctx.api, params.empfehlungsnummer!),
      );
      const { shows } = recommendation ? invitationPicture(ctx, recommendation) : brandPicture(ctx);
      return { shows, job: previewJob(context.bff, ctx.config, shows) };
    },
    headers: { "Cache-Control": PREVIEW_PICTURE_CACHING },
  });
}
