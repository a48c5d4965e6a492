import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

/** The short URL (KurzURL) of a recommendation: on to the recipient's page, query kept (its channel). */
export function loader({ request, params }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`/empfaengerdaten/${encodeURIComponent(params.empfehlungsnummer!)}${search}`, 301);
}
