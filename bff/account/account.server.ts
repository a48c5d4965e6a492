// Recommender account calls, at the tenant's product route.
import { noContentSchema } from "../legacy/contract";
import type { LegacyApi } from "../legacy/legacy-client.server";
import { loginReplySchema, passwordRulesSchema, userSchema } from "./replies";

/** A login refused without a code is refused for what it sent: the address or the password. */
const WRONG_CREDENTIALS = { status: 401, code: "PSOF0101" };

export function login(api: LegacyApi, credentials: { email: string; password: string }) {
  return api.request({
    call: "login",
    method: "POST",
    base: "product",
    path: "account/login",
    body: { Email: credentials.email, Password: credentials.password },
    schema: loginReplySchema,
    refusalWithoutCode: WRONG_CREDENTIALS,
  });
}

export function getUser(api: LegacyApi) {
  return api.request({ call: "getUser", base: "product", path: "account/user", schema: userSchema });
}

export type NewsletterState = "optedIn" | "pending" | "optedOut";

/** Opted in with permission; pending when an opt-in mail went out; otherwise opted out. */
export function newsletterState(user: { newsletterpermission: boolean; newsletterpermissionversendetam?: string | null }): NewsletterState {
  if (user.newsletterpermission) return "optedIn";
  return user.newsletterpermissionversendetam ? "pending" : "optedOut";
}

/** Asks for the opt-in mail (true) or withdraws the permission (false). */
export function setNewsletterOptin(api: LegacyApi, optin: boolean) {
  return api.request({
    call: "setNewsletterOptin",
    method: "PUT",
    base: "product",
    path: "empfehler/setNewsletterOptin",
    body: { NewsletterOptin: optin },
    schema: noContentSchema,
  });
}

export function deleteRecommender(api: LegacyApi) {
  return api.request({ call: "deleteRecommender", method: "DELETE", base: "product", path: "empfehler/delete", schema: noContentSchema });
}

/** Admin token login (GET /account/login/?token=): the reply is a login reply. */
export function adminLogin(api: LegacyApi, token: string) {
  return api.request({ call: "adminLogin", base: "product", path: "account/login/", query: { token }, schema: loginReplySchema });
}

/** Registration: the backend sends the welcome mail with the link that completes it. */
export function createRecommender(api: LegacyApi, person: { vorname: string; nachname: string; email: string }) {
  return api.request({
    call: "createRecommender",
    method: "POST",
    base: "product",
    path: "account/createEmpfehler",
    body: { Vorname: person.vorname, Nachname: person.nachname, Email: person.email },
    schema: noContentSchema,
  });
}

export function resendWelcomeMail(api: LegacyApi, email: string) {
  return api.request({
    call: "resendWelcomeMail",
    base: "product",
    path: `account/resendWelcomeMail/${encodeURIComponent(email)}`,
    schema: noContentSchema,
  });
}

/** The server's password rules; the forms build their schema and browser constraints from them. */
export function getPasswordRules(api: LegacyApi) {
  return api.request({ call: "getPasswordRules", base: "product", path: "account/passwortvalidator", schema: passwordRulesSchema });
}

/** 'Passwort vergessen': the backend mails a reset link (or the welcome link to an unfinished account). */
export function requestPasswordReset(api: LegacyApi, email: string, locale: string) {
  return api.request({
    call: "requestPasswordReset",
    base: "product",
    path: `account/resetPassword/${encodeURIComponent(email)}`,
    query: { sprache: locale },
    schema: noContentSchema,
  });
}

/** Whether a mailed reset or welcome link is still good (PSOF0102 when it has expired or was used). */
export function validateResetToken(api: LegacyApi, token: string) {
  return api.request({
    call: "validateResetPassword",
    method: "PUT",
    base: "product",
    path: "account/validateResetPassword",
    body: { Token: token },
    schema: noContentSchema,
  });
}

/** Sets the password from a mailed link; the reply logs the recommender in. */
export function resetPassword(api: LegacyApi, token: string, password: string) {
  return api.request({
    call: "resetPassword",
    method: "PUT",
    base: "product",
    path: "account/resetPassword",
    body: { Token: token, Password: password },
    schema: loginReplySchema,
  });
}

/** Changing the password in Meine Daten, with the current one. */
export function changePassword(api: LegacyApi, passwords: { current: string; next: string }) {
  return api.request({
    call: "changePassword",
    method: "PUT",
    base: "product",
    path: "account/resetPasswordWithoutToken",
    body: { Password: passwords.current, NewPassword: passwords.next },
    schema: noContentSchema,
  });
}

export function updateLanguage(api: LegacyApi, language: string) {
  return api.request({
    call: "updateLanguage",
    method: "POST",
    base: "product",
    path: "account/updateLanguage/",
    body: { Language: language },
    schema: noContentSchema,
  });
}
