// Recommender account calls (spec 7.7), at the tenant's product route.
import { loginReplySchema, noContentSchema, userSchema } from "./contract";
import type { LegacyApi } from "./legacy-client.server";

export function login(api: LegacyApi, credentials: { email: string; password: string }) {
  return api.request({
    call: "login",
    method: "POST",
    base: "product",
    path: "account/login",
    body: { Email: credentials.email, Password: credentials.password },
    schema: loginReplySchema,
  });
}

export function getUser(api: LegacyApi) {
  return api.request({ call: "getUser", base: "product", path: "account/user", schema: userSchema });
}

export type NewsletterState = "optedIn" | "pending" | "optedOut";

/** Spec 4: opted in with permission; pending when an opt-in mail went out; otherwise opted out. */
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

/** Admin token login (spec 7.7: GET /account/login/?token=): the reply is a login reply. */
export function adminLogin(api: LegacyApi, token: string) {
  return api.request({ call: "adminLogin", base: "product", path: "account/login/", query: { token }, schema: loginReplySchema });
}
