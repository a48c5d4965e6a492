import type { TFunction } from "i18next";
import { z } from "zod";
import { builtOnce } from "./built-once.server";
import { emailField, nameField } from "./fields.server";

/** Registration (createEmpfehler): name and e-mail, the e-mail typed twice (sameEmailvalidator). */
export const registrationSchema = builtOnce((t: TFunction) => {
  return z
    .object({
      vorname: nameField(t, t("common:recipient.fields.vorname")),
      nachname: nameField(t, t("common:recipient.fields.name")),
      email: emailField(t, t("common:account.email")),
      emailRepeat: z.string({ error: t("validation:required", { field: t("common:registration.emailRepeat") }) }).trim(),
    })
    .superRefine((value, context) => {
      if (value.email.toLowerCase() !== value.emailRepeat.toLowerCase()) {
        context.addIssue({ code: "custom", path: ["emailRepeat"], message: t("validation:emailMismatch") });
      }
    });
});

/** 'Passwort vergessen' and the welcome-mail resend: one e-mail address. */
export const emailOnlySchema = builtOnce((t: TFunction) => {
  return z.object({ email: emailField(t, t("common:account.email")) });
});
