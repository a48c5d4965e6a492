// The recommender's registration and passwords in the legacy simulator: an account made from a form
// and completed from the welcome mail, a forgotten password, a changed one, and the password rules.
import { http, type HttpHandler, HttpResponse } from "msw";
import type { PasswordRules } from "../../bff/account/replies";
import type { SimulatorKit } from "./kit";
import { linkTokenIn, mailer } from "./mail";
import { EMAIL, jsonBody, legacyError, noContent, normalisedEmail } from "./replies";
import type { SeedTenant } from "./seed";

export const PASSWORD_RULES: PasswordRules = {
  MinLength: 8,
  RequireLowercase: true,
  RequireUppercase: true,
  RequireDigit: true,
  RequireSpecialCharacter: false,
};

function meetsPasswordRules(password: unknown): password is string {
  return (
    typeof password === "string" &&
    password.length >= PASSWORD_RULES.MinLength &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password)
  );
}

export function findUser(tenant: SeedTenant, email: unknown) {
  return tenant.users.find((user) => user.email.toLowerCase() === String(email ?? "").toLowerCase());
}

/** Whether the tenant's list of allowed mail domains (empty: any) admits the address. */
export function isEmailAllowed(email: string, whitelist: string[]) {
  if (whitelist.length === 0) return true;
  const domain = email.split("@")[1]?.toLowerCase();
  return whitelist.some((allowed) => allowed.toLowerCase().replace(/^@/, "") === domain);
}

export function registrationHandlers(kit: SimulatorKit): HttpHandler[] {
  const sendMail = mailer(kit);
  return [
    http.post(
      "*/api/v1/:route/account/createEmpfehler",
      kit.legacy(async ({ request, tenantId, tenant }) => {
        const body = await jsonBody<{ Vorname: string; Nachname: string; Email: string }>(request);
        const email = normalisedEmail(body.Email);
        if (!EMAIL.test(email) || !body.Vorname || !body.Nachname) return legacyError(400, "PSOF0205");
        if (findUser(tenant, email)) return legacyError(409, "PSOF0202");
        if (!isEmailAllowed(email, tenant.config.EmailWhitelist)) return legacyError(403, "PSOF0203");
        const name = { anrede: "", vorname: body.Vorname, nachname: body.Nachname };
        tenant.users.push({ email, password: null, language: "de", ...name, newsletterPermission: false, newsletterOptinSentAt: null });
        sendMail(tenantId, email, "welcome");
        return noContent();
      }),
    ),
    http.get(
      "*/api/v1/:route/account/resendWelcomeMail/:email",
      kit.legacy(({ params, tenantId, tenant }) => {
        const user = findUser(tenant, params.email);
        if (!user) return legacyError(404, "PSOF0107");
        if (user.password === null) sendMail(tenantId, user.email, "welcome");
        return noContent();
      }),
    ),
    http.get(
      "*/api/v1/:route/account/passwortvalidator",
      kit.legacy(() => HttpResponse.json(PASSWORD_RULES)),
    ),
  ];
}

export function passwordHandlers(kit: SimulatorKit): HttpHandler[] {
  const sendMail = mailer(kit);
  return [
    http.get(
      "*/api/v1/:route/account/resetPassword/:email",
      // Answers the same whether or not the address is registered: nobody learns who has an account.
      kit.legacy(({ params, tenantId, tenant }) => {
        const user = findUser(tenant, params.email);
        if (user && !user.blockedCode) sendMail(tenantId, user.email, user.password === null ? "welcome" : "reset");
        return noContent();
      }),
    ),
    http.put(
      "*/api/v1/:route/account/validateResetPassword",
      kit.legacy(async ({ request, tenantId }) => {
        const body = await jsonBody<{ Token: string }>(request);
        return linkTokenIn(kit, body.Token, tenantId, ["reset", "welcome"]) ? noContent() : legacyError(401, "PSOF0102");
      }),
    ),
    http.put(
      "*/api/v1/:route/account/resetPassword",
      kit.legacy(async ({ request, tenantId, tenant }) => {
        const body = await jsonBody<{ Token: string; Password: string }>(request);
        const link = linkTokenIn(kit, body.Token, tenantId, ["reset", "welcome"]);
        const user = link ? findUser(tenant, link.email) : undefined;
        if (!link || !user) return legacyError(401, "PSOF0102");
        if (!meetsPasswordRules(body.Password)) return legacyError(400, "PSOF0218");
        link.used = true;
        user.password = body.Password;
        return kit.loginReply(tenantId, user);
      }),
    ),
    http.put(
      "*/api/v1/:route/account/resetPasswordWithoutToken",
      kit.asUser(async ({ request, user }) => {
        const body = await jsonBody<{ Password: string; NewPassword: string }>(request);
        if (body.Password !== user.password) return legacyError(400, "PSOF0101");
        if (!meetsPasswordRules(body.NewPassword)) return legacyError(400, "PSOF0218");
        user.password = body.NewPassword;
        return noContent();
      }),
    ),
  ];
}
