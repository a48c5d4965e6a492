import type { LoaderFunctionArgs } from "@remix-run/node";
import { rewardImageKinds } from "#bff/platform/domain";
import { getRewardImage } from "#bff/reward/reward.server";
import { optionalPart } from "#bff/tenant/optional-part.server";
import { rewardsOf } from "#bff/tenant-reads/reward-flow.server";
import { artworkSvg, pictureOrArtwork, rewardSubject } from "~/artwork.server";
import { themeColours } from "~/theme";

/** Reward graphics through the BFF; where the backend has none, the portal's own for the reward's kind (cash, voucher). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const kind = rewardImageKinds.find((candidate) => candidate === params.kind);
  const id = Number(params.id);
  if (!kind || !(Number.isSafeInteger(id) && id > 0)) return new Response(null, { status: 404 });
  const ctx = await context.requestContext(request);
  return pictureOrArtwork(
    () => getRewardImage(ctx.api, id, kind),
    async () => {
      const rewards = await optionalPart(context.bff, "rewardPicture", () => rewardsOf(context.bff, ctx), []);
      const reward = rewards.find((item) => item.Id === id);
      const side = kind === "grafik100" ? 100 : 50;
      return artworkSvg(rewardSubject(reward?.Art ?? null), themeColours(ctx.config.Farbe ?? undefined), side, side);
    },
  );
}
