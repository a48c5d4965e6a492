// What a failure thrown by a loader or an action becomes for the visitor (server/route-failures.ts
// applies it to every route): a session the backend ended sends them to sign in again, told so, every
// token cookie ended; what does not exist is the 404 page; an upstream failure becomes its message and
// status for the error page. In
// production Remix would turn any thrown Error into 'Unexpected Server Error' with status 500.
import { type AppLoadContext, data, redirect } from "@remix-run/node";
import {
  LinkEndedError,
  NotFoundError,
  SessionEndedError,
  TenantUnavailableError,
  UpstreamError,
  type UpstreamFailure,
} from "#bff/legacy/errors";
import { AGENCY_SIGN_ON_PAGE } from "./access/agency.server";
import { logoutRedirect } from "./access/logout.server";
import { EXPIRED_PAGE } from "./access/recipient.server";
import { withNotice } from "./notices";
import { tenantLookOf } from "./theme";

type FailedRequest = { request: Request; context: Pick<AppLoadContext, "bff" | "requestId"> };

/** To sign in again where the visitor signed in, told why, and back to the page afterwards. */
function signInAgain(error: SessionEndedError, { request, context }: FailedRequest) {
  const { pathname, search } = new URL(request.url);
  const signIn = `${error.area === "agency" ? AGENCY_SIGN_ON_PAGE : "/login"}?${new URLSearchParams({ redirectTo: pathname + search })}`;
  return logoutRedirect(request, context.bff, withNotice(signIn, "sitzung-beendet"));
}

/**
 * A recipient's or reward's link the backend no longer accepts: on to the journey's page that says so
 * and what to do next. The recipient's journey ends with its cookies; the reward pickup's page checks
 * its token again and says it has expired, with the way forward.
 */
function linkEnded(error: LinkEndedError, { context }: FailedRequest) {
  if (error.journey === "reward") return redirect("/praemie");
  const { recipient, recipientDraft } = context.bff.cookies;
  const headers = new Headers();
  for (const cookie of [recipient, recipientDraft]) headers.append("Set-Cookie", cookie.clear());
  return redirect(EXPIRED_PAGE, { headers });
}

/** The look of a tenant that cannot be served: its last configuration's, or its TENANTS_FILE `look`. */
function lookOf(error: UpstreamError, { bff }: FailedRequest["context"]): Pick<UpstreamFailure, "look"> {
  if (!(error instanceof TenantUnavailableError)) return {};
  const look = bff.tenants.lookOf(error.tenant);
  return look ? { look: tenantLookOf(error.tenant, look) } : {};
}

export async function responseForFailure(error: unknown, failed: FailedRequest): Promise<unknown> {
  const { context } = failed;
  if (error instanceof SessionEndedError) return signInAgain(error, failed);
  if (error instanceof NotFoundError) return new Response(null, { status: 404 });
  if (error instanceof LinkEndedError) return linkEnded(error, failed);
  if (error instanceof UpstreamError) {
    const failure: UpstreamFailure = { messageKey: error.messageKey, requestId: context.requestId, ...lookOf(error, context) };
    return data(failure, { status: error.status });
  }
  return error;
}
