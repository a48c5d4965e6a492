import type { TFunction } from "i18next";
import { z } from "zod";
import type { PasswordRules } from "#bff/account/replies";
import { builtOnce } from "./built-once.server";

/** A new password by the server's rules (at least 8, lower, upper, digit), typed twice. */
export function newPasswordFields(t: TFunction, rules: PasswordRules) {
  const field = t("common:password.new");
  let password = z
    .string({ error: t("validation:required", { field }) })
    .min(1, t("validation:required", { field }))
    .min(rules.MinLength, t("validation:passwordLength", { min: rules.MinLength }))
    .max(128, t("validation:invalid", { field }));
  if (rules.RequireLowercase) password = password.regex(/[a-zäöüß]/, t("validation:passwordLowercase"));
  if (rules.RequireUppercase) password = password.regex(/[A-ZÄÖÜ]/, t("validation:passwordUppercase"));
  if (rules.RequireDigit) password = password.regex(/\d/, t("validation:passwordDigit"));
  if (rules.RequireSpecialCharacter) password = password.regex(/[^\p{L}\d]/u, t("validation:passwordSpecial"));
  return {
    password,
    passwordRepeat: z.string({ error: t("validation:required", { field: t("common:password.repeat") }) }),
  };
}

/** The second entry must equal the first (like sameEmailvalidator, for passwords). */
export function samePassword(t: TFunction) {
  return (value: { password: string; passwordRepeat: string }, context: z.RefinementCtx) => {
    if (value.password !== value.passwordRepeat)
      context.addIssue({ code: "custom", path: ["passwordRepeat"], message: t("validation:passwordMismatch") });
  };
}

/** Setting a password from a mailed link (completing a registration, or a reset). */
export const setPasswordSchema = builtOnce((t: TFunction, rules: PasswordRules) => {
  return z.object(newPasswordFields(t, rules)).superRefine(samePassword(t));
});

/** Changing the password in Meine Daten: the current one, then the new one twice. */
export const changePasswordSchema = builtOnce((t: TFunction, rules: PasswordRules) => {
  const current = t("common:password.current");
  return z
    .object({
      submissionId: z.string().uuid().optional(),
      current: z
        .string({ error: t("validation:required", { field: current }) })
        .min(1, t("validation:required", { field: current }))
        .max(128, t("validation:invalid", { field: current })),
      ...newPasswordFields(t, rules),
    })
    .superRefine(samePassword(t));
});
