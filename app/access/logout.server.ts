import { redirect } from "@remix-run/node";
import { logoutHeaders } from "#bff/portal/request-context.server";
import type { Bff } from "#bff/portal/services.server";

/** A logout's answer: every cookie cleared, then on to `to`, the visitor's choices kept (bff/session/kept-choices.server.ts). */
export function logoutRedirect(request: Request, bff: Bff, to: string) {
  return redirect(bff.keptChoices.addressAfterLogout(request, to), { headers: logoutHeaders(bff) });
}
