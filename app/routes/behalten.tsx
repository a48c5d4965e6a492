import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

/**
 * After a logout: the visitor's choices set again (bff/session/kept-choices.server.ts), then on. A use
 * it refuses (from elsewhere, or again) goes on without setting anything; an address it cannot read, home.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const kept = await context.bff.keptChoices.take(request);
  if ("refused" in kept) {
    if (kept.refused === "none") return redirect("/");
    context.bff.logger.info({ refused: kept.refused }, "kept choices refused: on without them");
    return redirect(kept.to);
  }
  const headers = new Headers();
  for (const cookie of context.bff.keptChoices.cookiesFor(request, kept)) headers.append("Set-Cookie", cookie);
  return redirect(kept.to, { headers });
}
