import type { LoaderFunctionArgs } from "@remix-run/node";
import { recipientFormOfLink } from "~/access/recipient.server";

/** The link form for a recommendation of any product, `/empfehlen/any/{id}/{hex}`. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return recipientFormOfLink(request, context, { id: params.id!, hex: params.hex!, anyProduct: true });
}
