import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

/** After a logout: the visitor's choices set again (bff/session/kept-choices.server.ts), then on. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const kept = context.bff.keptChoices.read(request);
  if (!kept) return redirect("/");
  const headers = new Headers();
  for (const cookie of context.bff.keptChoices.cookiesFor(request, kept)) headers.append("Set-Cookie", cookie);
  return redirect(kept.to, { headers });
}
