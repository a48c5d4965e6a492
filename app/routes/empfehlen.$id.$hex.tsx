import type { LoaderFunctionArgs } from "@remix-run/node";
import { recipientFormOfLink } from "~/access/recipient.server";
import { requireLoginIfForced } from "~/access/recommender.server";

/** The insurance programme's recommendation link `/empfehlen/{id}/{hex}`. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context.bff);
  return recipientFormOfLink(request, context.bff, { id: params.id!, hex: params.hex!, anyProduct: false });
}
