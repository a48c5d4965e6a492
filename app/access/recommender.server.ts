// What a recommender's page needs, each declared in its own loader or action, as the Epic Stack's
// requireUserId does: a login; a login only when the tenant forces it (ModuleErzwingeLogin); or
// no e-mail-and-password form when the tenant's own site logs recommenders in (IsAutologin).
import { redirect } from "@remix-run/node";
import { safeRedirect } from "#bff/platform/redirect";
import type { RequestContext } from "#bff/portal/request-context.server";
import type { Bff } from "#bff/portal/services.server";
import type { SessionUser } from "#bff/session/cookies.server";
import { defaultRoutesOf } from "#bff/tenant-reads/catalogue-flow.server";

/** The login page, coming back to this page after it. */
export function loginPage(request: Request) {
  const url = new URL(request.url);
  return `/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`;
}

/**
 * Where a login without a page to return to lands: the tenant's personal area route
 * (`PersoenlicherBereich` of GET route/default), a path of this portal; else /persoenlicherbereich.
 */
export async function landingAfterLogin(bff: Bff, ctx: Pick<RequestContext, "api" | "tenant">) {
  return safeRedirect((await defaultRoutesOf(bff, ctx)).PersoenlicherBereich, "/persoenlicherbereich");
}

/** What a page's access rule needs of its request's load context: the BFF, and the page's deadline. */
type AccessContext = { bff: Bff; deadlineAt?: number };

/** The tenant's configuration within the page's deadline (the page's error then comes on time). */
function configOf(request: Request, { bff, deadlineAt }: AccessContext) {
  return bff.tenants.configBy(bff.tenants.resolve(new URL(request.url).hostname), deadlineAt);
}

/**
 * The logged-in recommender. A logged-out visitor goes to the login page; in autologin mode,
 * where the portal has no login of its own, to the home page.
 */
export async function requireUser(request: Request, context: AccessContext): Promise<SessionUser> {
  const user = context.bff.cookies.user.read(request);
  if (user) return user;
  throw redirect((await configOf(request, context)).IsAutologin ? "/" : loginPage(request));
}

/** A page for every visitor, unless the tenant forces a login first. */
export async function requireLoginIfForced(request: Request, context: AccessContext) {
  if (context.bff.cookies.user.read(request)) return;
  if ((await configOf(request, context)).ModuleErzwingeLogin) throw redirect(loginPage(request));
}

/** The e-mail-and-password forms do nothing in autologin mode: their pages show a notice (AutologinNoticeHandle) instead. */
export async function refuseInAutologinMode(request: Request, context: AccessContext) {
  if ((await configOf(request, context)).IsAutologin) throw new Response(null, { status: 403 });
}

/** Declared by a page whose form works by e-mail and password: in autologin mode the root shows a notice in its place. */
export type AutologinNoticeHandle = { passwordForm?: true };
