import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireLoginIfForced } from "~/access/recommender.server";

/** The short URL (KurzURL) of a recommendation: on to the recipient's page, query kept (its channel). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context.bff);
  const { search } = new URL(request.url);
  return redirect(`/empfaengerdaten/${encodeURIComponent(params.empfehlungsnummer!)}${search}`, 301);
}
