import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { updateLanguage } from "#bff/account/account.server";
import { isLocale } from "#bff/platform/locale.server";
import { safeRedirect } from "#bff/platform/redirect";

/**
 * The language switch: a plain form post that stores the choice (a language the tenant offers) and returns to the page.
 * A logged-in recommender's choice is also saved with the account (updateLanguage); when that
 * fails the switch still works for this browser, and the failure is only logged.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api, user, formData, tenant } = await context.actionContext(request);
  const target = safeRedirect(formData.get("redirectTo"));
  const lng = formData.get("lng");
  if (!isLocale(lng) || !(await context.bff.tenants.languagesOf(tenant)).includes(lng)) return redirect(target);
  if (user)
    await updateLanguage(api, lng).catch((error: unknown) =>
      context.bff.logger.warn({ err: error }, "language not saved with the account"),
    );
  return redirect(target, { headers: { "Set-Cookie": context.bff.choices.locale.write(request, lng) } });
}

export function loader() {
  return redirect("/");
}
