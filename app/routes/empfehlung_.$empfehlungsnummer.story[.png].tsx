import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadSharedRecommendation } from "#bff/for-recommenders/recommend-flow.server";
import { drawnPictureResponse } from "#bff/pictures/picture-response.server";
import { friendPartCents } from "#bff/reward/rules";
import { personalLink } from "~/access/recipient.server";
import { requireLoginIfForced } from "~/access/recommender.server";
import { formatCents } from "~/format";
import { fixedT } from "~/i18n/i18n.server";
import { themeColours } from "~/theme";

/** The story picture of a personal link (share channel Story): 9:16, in the tenant's colours, to download and post; drawn once, off the event loop. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context);
  const { api, config, locale, texts, tenant } = await context.requestContext(request);
  const number = params.empfehlungsnummer!;
  return drawnPictureResponse(request, context.bff.pictures, {
    key: `story ${tenant.tenant} ${number} ${locale}`,
    describe: async () => {
      const t = fixedT(texts);
      const recommendation = await loadSharedRecommendation(context.linkLookups, api, number);
      const link = new URL(personalLink(recommendation, tenant.origin));
      link.searchParams.set("channel", "story");
      const friendCents = friendPartCents(config.MaxEmpfaengerPraemieCent, recommendation.AnteilEmpfehler);
      const story = {
        colours: themeColours(config.Farbe ?? undefined),
        programme: config.Name,
        lead: t("share.story.lead"),
        product: recommendation.Produkt.Name,
        reward: friendCents > 0 ? t("share.story.reward", { amount: formatCents(friendCents, locale) }) : null,
        link: link.toString(),
        callToAction: t("share.story.callToAction"),
      };
      return { shows: story, job: async () => ({ look: "story", story }) };
    },
    headers: {
      "Content-Disposition": `attachment; filename="empfehlung-${number.replace(/[^\w-]/g, "")}.png"`,
      "Cache-Control": "private, no-store",
    },
  });
}
