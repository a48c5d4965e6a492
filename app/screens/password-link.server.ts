// The loader and action behind the pages that set a password from a mailed link:
// /passwortsetzen (a reset) and /registrieren (completing a registration).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { TFunction } from "i18next";
import type { PasswordRules } from "#bff/account/replies";
import { passwordLinkState, passwordRulesOf, setPasswordFromLink } from "#bff/for-recommenders/password-flow.server";
import type { ActionContext, RequestContext } from "#bff/portal/request-context.server";
import type { Bff } from "#bff/portal/services.server";
import { landingAfterLogin } from "~/access/recommender.server";
import { constraintOf } from "~/forms/built-once.server";
import { setPasswordSchema } from "~/forms/password.server";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";

const PASSWORD_FIELDS = ["password", "passwordRepeat"];

/** The rules in words, shown above the field. */
export function passwordHint(t: TFunction, rules: PasswordRules) {
  const parts = [
    t("common:password.ruleLength", { min: rules.MinLength }),
    rules.RequireLowercase ? t("common:password.ruleLowercase") : null,
    rules.RequireUppercase ? t("common:password.ruleUppercase") : null,
    rules.RequireDigit ? t("common:password.ruleDigit") : null,
    rules.RequireSpecialCharacter ? t("common:password.ruleSpecial") : null,
  ];
  return t("common:password.rules", { rules: parts.filter(Boolean).join(", ") });
}

export async function loadPasswordLink(request: Request, bff: Bff, ctx: RequestContext, linkPage: string) {
  const t = fixedT(ctx.texts);
  const [link, rules] = await Promise.all([passwordLinkState(request, bff, ctx, linkPage), passwordRulesOf(bff, ctx)]);
  return { link, hint: passwordHint(t, rules), constraint: constraintOf(setPasswordSchema(t, rules)) };
}

export async function submitPasswordLink(request: Request, bff: Bff, linkPage: string, ctx: ActionContext) {
  const t = fixedT(ctx.texts);
  const submission = parseWithZod(ctx.formData, { schema: setPasswordSchema(t, await passwordRulesOf(bff, ctx)) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  try {
    const headers = await setPasswordFromLink(request, bff, ctx, linkPage, submission.value.password);
    if (!headers) return data(submission.reply({ formErrors: [t("errors:linkExpired")], hideFields: PASSWORD_FIELDS }), { status: 400 });
    return redirect(await landingAfterLogin(bff, ctx), { headers });
  } catch (error) {
    return upstreamFailureReply(error, submission, t, { hideFields: PASSWORD_FIELDS });
  }
}
