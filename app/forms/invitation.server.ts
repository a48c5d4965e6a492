import type { TFunction } from "i18next";
import { z } from "zod";
import { captchaFields, emailField, nameField } from "./fields.server";

/** The invitation tool (Einladungsmaske, spec 3: Vorname, Nachname, Email, Art, Mitarbeiternummer). */
export function invitationSchema(t: TFunction, { kinds, staffNumbers, askCaptcha }: { kinds: string[]; staffNumbers: string[]; askCaptcha: boolean }) {
  const label = (field: string) => t(`common:agency.invitation.${field}`);
  return z.object({
    submissionId: z.string().uuid().optional(),
    vorname: nameField(t, label("vorname")),
    nachname: nameField(t, label("nachname")),
    email: emailField(t, label("email")),
    art: z.enum(kinds as [string, ...string[]], { error: t("validation:required", { field: label("art") }) }),
    mitarbeiternummer: z.enum(staffNumbers as [string, ...string[]], { error: t("validation:invalid", { field: label("mitarbeiternummer") }) }).optional(),
    ...captchaFields(t, askCaptcha),
  });
}
