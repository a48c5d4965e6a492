import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { safeRedirect } from "#bff/platform/redirect";

/**
 * "Mehr Zeit" on a notice that a journey's data or a reward link lapses (app/components/lapse-notice.tsx): the idle
 * windows of what the browser carries start again, their absolute limits kept; then back to the page. A plain form
 * post, so it works without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { formData } = await context.actionContext(request);
  const { cookies } = context.bff;
  const headers = new Headers();
  for (const cookie of [cookies.recipient, cookies.recipientDraft, cookies.reward]) {
    const extended = cookie.extend(request);
    if (extended) headers.append("Set-Cookie", extended);
  }
  return redirect(safeRedirect(formData.get("redirectTo"), "/"), { headers });
}

/** Nothing to show: a GET goes home. */
export function loader() {
  return redirect("/");
}
