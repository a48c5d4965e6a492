import type { LoaderFunctionArgs } from "@remix-run/node";
import { recipientFormOfLink } from "~/access/recipient.server";

/** The insurance programme's recommendation link `/empfehlen/{id}/{hex}`. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return recipientFormOfLink(request, context, { id: params.id!, hex: params.hex!, anyProduct: false });
}
