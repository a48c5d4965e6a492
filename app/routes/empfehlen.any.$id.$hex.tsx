import type { LoaderFunctionArgs } from "@remix-run/node";
import { followRecommendationLink } from "#bff/recipient/recipient-flow.server";

/** The link form for a recommendation of any product, `/empfehlen/any/{id}/{hex}` (spec 7.6). */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return followRecommendationLink(request, context.bff, { id: params.id!, hex: params.hex!, anyProduct: true });
}
