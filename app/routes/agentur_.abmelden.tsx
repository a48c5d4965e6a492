import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { AGENCY_SIGN_ON_PAGE } from "~/access/agency.server";

/** Signing off the agency area ends its session (a copy of its cookie included); a recommender login stays. */
export async function action({ request, context }: ActionFunctionArgs) {
  await context.actionContext(request);
  const agency = context.bff.cookies.agency.read(request);
  if (agency) await context.bff.loggedOutSessions.add(agency.token);
  return redirect(AGENCY_SIGN_ON_PAGE, { headers: { "Set-Cookie": context.bff.cookies.agency.clear() } });
}

export function loader() {
  return redirect(AGENCY_SIGN_ON_PAGE);
}
