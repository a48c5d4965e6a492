// Recommender account calls (spec 7.7), at the tenant's product route.
import { loginReplySchema, userSchema } from "./contract";
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
