// What a loader or action needs for one request: the tenant and its configuration, the page
// language, the logged-in user, and the legacy API bound to this request's tokens.
import type { BackendCookieJar } from "../legacy/backend-cookies.server";
import type { TenantConfig } from "../legacy/contract";
import { SessionEndedError, TenantUnavailableError, type UpstreamFailure } from "../legacy/errors";
import { isAgencyPath, type LegacyApi, type Tokens } from "../legacy/legacy-client.server";
import type { UserMessageKey } from "../legacy/legacy-error-codes";
import { BodyTooLargeError } from "../platform/bounded-body.server";
import { byDeadline, orByDeadline } from "../platform/deadline.server";
import { HONEYPOT_FIELD } from "../platform/honeypot";
import { detectLocale, type Locale, supportedLocales, type TextSet, textSetOf } from "../platform/locale.server";
import { clearAllTokenCookies, type SessionUser } from "../session/cookies.server";
import { type ResolvedTenant, tenantCallContext } from "../tenant/tenant.server";
import { isFormTokenValid } from "./form-token.server";
import type { Bff } from "./services.server";

export type RequestContext = {
  tenant: ResolvedTenant;
  config: TenantConfig;
  locale: Locale;
  /** The page's texts: its language and the tenant's form of address. */
  texts: TextSet;
  user: SessionUser | null;
  api: LegacyApi;
  /** The same API with some tokens replaced, e.g. the recipient token a call has just issued. */
  apiWith(tokens: Partial<Tokens>): LegacyApi;
  requestId?: string;
};

/** The response for PSOF0204 and logout: every token cookie ends, the browser drops cookies. */
export function logoutHeaders(bff: Bff): Headers {
  const headers = new Headers({ "Clear-Site-Data": '"cookies"' });
  for (const cookie of clearAllTokenCookies(bff.cookies)) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * PSOF0204 logs out. A page ends with SessionEndedError (the routes send the visitor to sign in
 * again); a form post instead shows the message with everything typed, while its reply expires the
 * token cookies (the call's error carries them: app/forms/upstream-failure.server.ts).
 */
export type SessionEnd = "end the page" | "keep the form";

/** The languages the tenant offers; past `deadlineAt`, those the portal has (a page never waits for them beyond its deadline). */
export function offeredLanguages(bff: Bff, tenant: ResolvedTenant, deadlineAt?: number) {
  return orByDeadline(deadlineAt, bff.tenants.languagesOf(tenant), [...supportedLocales]);
}

/** The page's language among those the request's tenant offers. */
export async function pageLocale(
  request: Request,
  bff: Bff,
  tenant = bff.tenants.resolve(new URL(request.url).hostname),
  deadlineAt?: number,
) {
  return detectLocale(request, bff.choices.locale.read(request), await offeredLanguages(bff, tenant, deadlineAt));
}

/**
 * The texts of the page a request asks for (its language, and the tenant's form of address in German).
 * The error page of a backend that cannot give the configuration still needs texts: it says "Sie". Past
 * the page's deadline (`deadlineAt`) it waits for the backend no longer: the error page comes on time.
 */
export async function pageTextSet(request: Request, bff: Bff, deadlineAt?: number): Promise<TextSet> {
  const tenant = bff.tenants.resolve(new URL(request.url).hostname);
  const [address, locale] = await Promise.all([
    orByDeadline(
      deadlineAt,
      bff.tenants.configOf(tenant).then(
        (config) => config.Ansprache,
        () => undefined,
      ),
      undefined,
    ),
    pageLocale(request, bff, tenant, deadlineAt),
  ]);
  return textSetOf(locale, address);
}

type RequestContextOptions = {
  sessionEnd?: SessionEnd;
  /** When all of the request's backend calls must be done (epoch ms); none: each call has its timeout. */
  deadlineAt?: number;
  /** The browser's backend cookies, where its tenant names some. */
  cookieJar?: BackendCookieJar;
};

export async function requestContext(
  request: Request,
  bff: Bff,
  { sessionEnd = "end the page", deadlineAt, cookieJar }: RequestContextOptions = {},
): Promise<RequestContext> {
  const tenant = bff.tenants.resolve(new URL(request.url).hostname);
  const basics = Promise.all([bff.tenants.configOf(tenant), pageLocale(request, bff, tenant)]);
  // The tenant's configuration is read for every request of the tenant: a page waits for it no longer than its deadline.
  const [config, locale] = await (deadlineAt === undefined
    ? basics
    : byDeadline(
        deadlineAt,
        basics,
        () => new TenantUnavailableError(tenant.tenant, new Error("no configuration within the page's deadline")),
      ));
  const user = bff.cookies.user.read(request);
  const requestId = request.headers.get("x-request-id") ?? undefined;
  const callContext = tenantCallContext(tenant, {
    deadlineAt,
    cookieJar,
    apiRoute: config.ApiRoute,
    locale,
    requestId,
    tokens: {
      user: user?.token,
      recipient: bff.cookies.recipient.read(request)?.token,
      reward: bff.cookies.reward.read(request)?.token,
      agency: bff.cookies.agency.read(request)?.token,
    },
    onSessionExpired(path) {
      if (sessionEnd === "end the page") throw new SessionEndedError(isAgencyPath(path) ? "agency" : "recommender");
      return clearAllTokenCookies(bff.cookies);
    },
  });
  return {
    tenant,
    config,
    locale,
    texts: textSetOf(locale, config.Ansprache),
    user,
    api: bff.legacy.bind(callContext),
    apiWith: (tokens) => bff.legacy.bind({ ...callContext, tokens: { ...callContext.tokens, ...tokens } }),
    requestId,
  };
}

export type ActionContext = RequestContext & { formData: FormData };

/** Fields a form may post; the largest real form has fewer than 30 (server/request-limits.ts bounds its bytes). */
const FORM_FIELD_LIMIT = 100;
/** Levels of a field's name (`a.b[0].c`), which conform reads into nested objects; the portal's forms use at most two. */
const FORM_NAME_DEPTH_LIMIT = 8;

/** A post the portal does not take: its page in the visitor's language (app/components/error-panel.tsx), and no error in the log. */
function refusedPost(status: 400 | 413, messageKey: Extract<UserMessageKey, "formUnreadable" | "payloadTooLarge">) {
  return Response.json({ messageKey } satisfies UpstreamFailure, { status });
}

function causesOf(error: unknown): unknown[] {
  const causes: unknown[] = [];
  for (let cause = error; cause instanceof Error && causes.length < 5; cause = cause.cause) causes.push(cause);
  return causes;
}

/** The posted form, or the refusal of a body that is none: too large as read, not a form, or nested beyond any form's. */
async function postedForm(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch (error) {
    if (causesOf(error).some((cause) => cause instanceof BodyTooLargeError)) throw refusedPost(413, "payloadTooLarge");
    throw refusedPost(400, "formUnreadable");
  }
  const names = [...formData.keys()];
  if (names.length > FORM_FIELD_LIMIT || names.some((name) => name.split(/[.[]/).length > FORM_NAME_DEPTH_LIMIT))
    throw refusedPost(400, "formUnreadable");
  return formData;
}

/**
 * What every action starts with: the request context and the posted form, read once. For tenants
 * with the integrated frame a post without the form's synchronizer token ends here with 403
 * (docs/security.md: there the cookies are SameSite=None, so a cross-site post would carry them).
 */
export async function actionContext(
  request: Request,
  bff: Bff,
  options: Omit<RequestContextOptions, "sessionEnd"> = {},
): Promise<ActionContext> {
  const ctx = await requestContext(request, bff, { ...options, sessionEnd: "keep the form" });
  const formData = await postedForm(request);
  // Only a bot fills the field nobody sees: refused like a forged post, with nothing written.
  if (formData.get(HONEYPOT_FIELD)) throw new Response(null, { status: 403 });
  if (ctx.config.ModuleIntegratedFrame && !isFormTokenValid(request, bff, formData.get("formToken"))) {
    throw new Response(null, { status: 403 });
  }
  return { ...ctx, formData };
}
