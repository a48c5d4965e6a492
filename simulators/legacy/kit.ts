// What the legacy simulator's handlers share: the checks every call passes (delay, fault, headers,
// tenant) and the ways a call finds who is calling (a recommender, a recipient, a reward token).
import { randomBytes } from "node:crypto";
import { delay, HttpResponse } from "msw";
import { faultReply } from "./faults";
import { bearer, legacyError } from "./replies";
import type { SeedTenant, SeedUser } from "./seed";
import type { LegacySwitches, RewardBooking, State } from "./state";

export type ResolverArgs = { request: Request; params: Record<string, string>; tenantId: string; tenant: SeedTenant };
export type Resolver<Extra = object> = (args: ResolverArgs & Extra) => Response | Promise<Response>;
type MswInfo = { request: Request; params: Record<string, string | readonly string[] | undefined> };

export type KitSource = {
  state(): State;
  switches: LegacySwitches;
  today(): Date;
  /** Counts each `METHOD /path` the handlers were asked for. */
  count(request: Request): void;
};

/** Checks the headers every legacy call must carry; returns an error reply or null. */
function headerError(request: Request): Response | null {
  if (request.headers.get("x-requested-with") !== "XMLHttpRequest") return legacyError(400, "PSOF0001", "X-Requested-With missing");
  if (request.headers.get("authorization") !== request.headers.get("x-authorization")) {
    return legacyError(401, "PSOF0103", "Authorization and X-Authorization differ");
  }
  return null;
}

/** Wraps a resolver with the delay, the fault, the header check and the tenant (route param or X-Mandant). */
function legacyWrapper({ state, switches, count }: KitSource) {
  return (resolve: Resolver) =>
    async ({ request, params }: MswInfo) => {
      if (switches.delayMs > 0) await delay(switches.delayMs);
      const faulted = await faultReply(switches.fault, request);
      if (faulted) return faulted;
      count(request);
      const refused = headerError(request);
      if (refused) return refused;
      const flat = params as Record<string, string>;
      // Compared as SQL Server compares a char(n) column: trailing spaces ignored ("telekom   " is telekom).
      const tenantId = (flat.route ?? request.headers.get("x-mandant") ?? "").trimEnd();
      const tenant = state().tenants[tenantId];
      return tenant ? resolve({ request, params: flat, tenantId, tenant }) : legacyError(404, "PSOF0001", "unknown tenant");
    };
}

/** The logged-in recommender of this tenant whose user token the request carries. */
function userIn(state: State, request: Request, tenantId: string): SeedUser | null {
  const session = state.sessions.get(bearer(request) ?? "");
  if (!session || session.tenant !== tenantId) return null;
  return state.tenants[tenantId].users.find((user) => user.email === session.email) ?? null;
}

function rewardBookingIn(
  state: State,
  request: Request,
  tenantId: string,
): { error: Response } | { booking: RewardBooking; token: string } {
  const token = bearer(request) ?? "";
  if (state.tenants[tenantId].rewardTokens.expired.includes(token)) return { error: legacyError(401, "PSOF0216") };
  const booking = state.rewardBookings.get(token);
  if (!booking || booking.tenant !== tenantId) return { error: legacyError(401, "PSOF0215") };
  return { booking, token };
}

/** Whom a caller's bank data belong to: the user token's recommender, or the reward token of a pickup. */
function bankOwnerIn(state: State, request: Request, tenantId: string) {
  const user = userIn(state, request, tenantId);
  if (user) return `user:${user.email}`;
  const found = rewardBookingIn(state, request, tenantId);
  return "error" in found ? null : `reward:${found.token}`;
}

/** The agent number of the agency token the request carries, if it carries one of this tenant. */
function agentNumberIn(state: State, request: Request, tenantId: string) {
  const session = state.agency.tokens.get(bearer(request) ?? "");
  if (!session || session.tenant !== tenantId) return null;
  return state.tenants[tenantId].agencyUsers.find((user) => user.login === session.login)?.agentNumber ?? null;
}

/** A recommender's login: a fresh user token and the account. */
function loginReplyIn(state: State, tenantId: string, user: SeedUser) {
  const token = randomBytes(24).toString("hex");
  state.sessions.set(token, { tenant: tenantId, email: user.email });
  return HttpResponse.json({
    Email: user.email,
    Anrede: user.anrede,
    Vorname: user.vorname,
    Nachname: user.nachname,
    Empfehlerhash: randomBytes(8).toString("hex"),
    Token: token,
    NewsletterOptinGegeben: user.newsletterPermission,
    NewsletterOptinVersendetAm: user.newsletterOptinSentAt,
    Language: user.language,
  });
}

export function createKit(source: KitSource) {
  const { state, switches, today } = source;
  const legacy = legacyWrapper(source);
  /** A call that needs whatever `find` finds for the caller, or answers 401 PSOF0103. */
  const withCaller =
    <Extra>(find: (args: ResolverArgs) => Extra | null) =>
    (resolve: Resolver<Extra>) =>
      legacy((args) => {
        const found = find(args);
        return found ? resolve({ ...args, ...found }) : legacyError(401, "PSOF0103");
      });
  const userFor = (request: Request, tenantId: string) => userIn(state(), request, tenantId);
  return {
    legacy,
    state,
    today,
    userFor,
    /** A call that needs the user token of a logged-in recommender of this tenant. */
    asUser: withCaller(({ request, tenantId }) => {
      const user = userFor(request, tenantId);
      return user && { user };
    }),
    /** A call that needs the token of a recipient this simulator created for this tenant. */
    asRecipient: withCaller(({ request, tenantId }) => {
      const recipient = state().recipients.get(bearer(request) ?? "");
      return recipient?.tenant === tenantId ? { recipient } : null;
    }),
    /** Recommender calls on bank data accept the user token, or the reward token of a pickup. */
    asBankOwner: withCaller(({ request, tenantId }) => {
      const owner = bankOwnerIn(state(), request, tenantId);
      return owner ? { owner } : null;
    }),
    /** A call that needs a valid reward token of this tenant. */
    withRewardToken: (resolve: Resolver<{ booking: RewardBooking; token: string }>) =>
      legacy((args) => {
        const found = rewardBookingIn(state(), args.request, args.tenantId);
        return "error" in found ? found.error : resolve({ ...args, ...found });
      }),
    agentFor: (request: Request, tenantId: string) => agentNumberIn(state(), request, tenantId),
    /** Whether the agent finder lists this agent (Produkt/berater). */
    isListedAgent: (tenantId: string, externeId: string) =>
      (state().agency.agents.get(tenantId) ?? []).some((agent) => agent.ExterneId === externeId),
    loginReply: (tenantId: string, user: SeedUser) => loginReplyIn(state(), tenantId, user),
    /** Whether a captcha is switched on for the tenant, or for one of its calls (`allianz/Einladung`). */
    captchaRequired: (tenantId: string, call?: string) =>
      switches.captchaRequired ||
      switches.captchaTenants.includes(tenantId) ||
      (call !== undefined && switches.captchaTenants.includes(`${tenantId}/${call}`)),
  };
}

export type SimulatorKit = ReturnType<typeof createKit>;
