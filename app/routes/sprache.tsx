import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isLocale, localeCookie } from "#bff/locale.server";
import { safeRedirect } from "#bff/redirect";

/** The language switch: a plain form post that stores the choice and returns to the page. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const target = safeRedirect(form.get("redirectTo"));
  const lng = form.get("lng");
  if (!isLocale(lng)) return redirect(target);
  return redirect(target, { headers: { "Set-Cookie": await localeCookie.serialize(lng) } });
}

export function loader() {
  return redirect("/");
}
