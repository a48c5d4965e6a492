import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#bff/core/request-context.server";
import { qrCodePng } from "#bff/recommender/qr-code.server";
import { loadSharedRecommendation } from "#bff/recommender/recommend-flow.server";
import { personalLink } from "~/access/recipient.server";
import { requireLoginIfForced } from "~/access/recommender.server";

/** The personal link as a QR code picture, to download and post as a story (share channel Story). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context.bff);
  const { api, tenant } = await requestContext(request, context.bff);
  const recommendation = await loadSharedRecommendation(api, params.empfehlungsnummer!);
  const link = new URL(personalLink(recommendation, tenant.origin));
  link.searchParams.set("channel", "story");
  const png = await qrCodePng(link.toString());
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="empfehlung-${recommendation.Empfehlungsnummer.replace(/[^\w-]/g, "")}.png"`,
      "Cache-Control": "private, no-store",
    },
  });
}
