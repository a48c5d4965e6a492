import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { recipientFormPage } from "~/access/recipient.server";

/** The short URL (KurzURL) of a recommendation: on to the recipient's page, query kept (its channel). */
export function loader({ request, params }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`${recipientFormPage(params.empfehlungsnummer!)}${search}`, 301);
}
