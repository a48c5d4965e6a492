// Passwords set from a mailed link (completing a registration, a reset) and the rules they follow.
import { getPasswordRules, resetPassword, validateResetToken } from "../account/account.server";
import { UpstreamError } from "../legacy/errors";
import type { RequestContext } from "../portal/request-context.server";
import type { Bff } from "../portal/services.server";
import { endAccountSessions, loginHeaders, toSessionUser } from "./auth.server";

/** The server's password rules, shared by every request of the tenant (they rarely change). */
export function passwordRulesOf(bff: Bff, ctx: RequestContext) {
  // Numbers and flags: the same in every language.
  return bff.sharedReads.ofTenant(ctx.tenant, { call: "passwordRules", locale: null }, () => getPasswordRules(ctx.api));
}

/** The token a mailed link left for this page (app/access/link-tokens.server.ts keeps it), or null. */
export function mailLinkToken(request: Request, bff: Bff, linkPage: string) {
  const link = bff.cookies.link.read(request);
  return link?.page === linkPage ? link.token : null;
}

export type MailLinkState = "none" | "valid" | "expired";

/** Whether the page was opened from a mailed link that can still set a password. */
export async function passwordLinkState(request: Request, bff: Bff, ctx: RequestContext, linkPage: string): Promise<MailLinkState> {
  const token = mailLinkToken(request, bff, linkPage);
  if (!token) return "none";
  try {
    await validateResetToken(ctx.api, token);
    return "valid";
  } catch (error) {
    if (error instanceof UpstreamError && error.messageKey === "linkExpired") return "expired";
    throw error;
  }
}

/** Sets the password with the link's token; the reply logs in, the link cookie ends. */
export async function setPasswordFromLink(request: Request, bff: Bff, ctx: RequestContext, linkPage: string, password: string) {
  const token = mailLinkToken(request, bff, linkPage);
  if (!token) return null;
  // A double click posts twice with the same link: the second gets the first one's login, not 'link used'.
  const reply = await bff.submissions.once(["password-link", token], () => resetPassword(ctx.api, token, password));
  // The owner proved the mailbox: failed logins of others no longer make them wait (decision 054).
  await bff.rateLimits.passwordSetFromMail(reply.Email);
  // A new password ends every session the account had (one an attacker holds too); the login below starts the only one.
  const issuedAt = await endAccountSessions(bff, { tenant: ctx.tenant.tenant, email: reply.Email });
  const headers = await loginHeaders(request, bff, toSessionUser(reply), { remember: false, issuedAt });
  headers.append("Set-Cookie", bff.cookies.link.clear());
  return headers;
}
