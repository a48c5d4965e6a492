import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireLoginIfForced } from "~/access/recommender.server";
import { sharePageOfNew } from "~/screens/recommend.server";

/** The former page between making a recommendation and sharing it: its addresses lead to the share page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context);
  const number = new URL(request.url).searchParams.get("empfehlung");
  return redirect(number ? sharePageOfNew(number) : "/404", 301);
}
