import type { LoaderFunctionArgs } from "@remix-run/node";
import { imageResponse } from "#bff/catalogue/image-response.server";
import { rewardImageKinds } from "#bff/core/domain";
import { requestContext } from "#bff/core/request-context.server";
import { getRewardImage } from "#bff/reward/reward.server";

/** Reward graphics through the BFF. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const kind = rewardImageKinds.find((candidate) => candidate === params.kind);
  const id = Number(params.id);
  if (!kind || !Number.isInteger(id)) return new Response(null, { status: 404 });
  const { api } = await requestContext(request, context.bff);
  return imageResponse(await getRewardImage(api, id, kind));
}
