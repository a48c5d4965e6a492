import type { LoaderFunctionArgs } from "@remix-run/node";
import { followRecommendationLink } from "#bff/recipient/recipient-flow.server";

/** The insurance programme's recommendation link `/empfehlen/{id}/{hex}` (spec 7.6). */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return followRecommendationLink(request, context.bff, { id: params.id!, hex: params.hex!, anyProduct: false });
}
