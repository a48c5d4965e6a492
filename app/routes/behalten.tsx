import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { consentCookie } from "#bff/core/consent.server";
import { localeCookie } from "#bff/core/locale.server";

/** After a logout: the cookie choice and the language set again (bff/core/kept-choices.server.ts), then on. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const kept = context.bff.keptChoices.read(request);
  if (!kept) return redirect("/");
  const headers = new Headers();
  if (kept.consent) headers.append("Set-Cookie", consentCookie(kept.consent, { secure: context.bff.config.isProduction }));
  if (kept.locale) headers.append("Set-Cookie", await localeCookie.serialize(kept.locale));
  return redirect(kept.to, { headers });
}
