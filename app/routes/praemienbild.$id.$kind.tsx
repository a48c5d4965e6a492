import type { LoaderFunctionArgs } from "@remix-run/node";
import { rewardImageKinds } from "#bff/domain";
import { requestContext } from "#bff/request-context.server";
import { getRewardImage } from "#bff/reward.server";

/** Reward graphics (spec 7.5) through the BFF: the browser never talks to the legacy API. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const kind = rewardImageKinds.find((candidate) => candidate === params.kind);
  const id = Number(params.id);
  if (!kind || !Number.isInteger(id)) return new Response(null, { status: 404 });
  const { api } = await requestContext(request, context.bff);
  const image = await getRewardImage(api, id, kind);
  if (image.status !== 200 || !image.contentType.startsWith("image/")) return new Response(null, { status: 404 });
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.contentType,
      "Cache-Control": "public, max-age=86400",
      // An SVG from upstream must not run anything on this origin.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
