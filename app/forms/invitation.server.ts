import type { TFunction } from "i18next";
import { z } from "zod";
import { builtOnce } from "./built-once.server";
import { captchaFields, emailField, nameField } from "./fields.server";

const label = (t: TFunction, field: string) => t(`common:agency.invitation.${field}`);

/** Refer a colleague (MitarbeiterEmpfehlen): who is invited, and the backend's captcha when it asks. */
export const colleagueSchema = builtOnce((t: TFunction, { askCaptcha }: { askCaptcha: boolean }) => {
  return z.object({
    submissionId: z.string().uuid().optional(),
    vorname: nameField(t, label(t, "vorname")),
    nachname: nameField(t, label(t, "nachname")),
    email: emailField(t, label(t, "email")),
    ...captchaFields(t, askCaptcha),
  });
});

/** The invitation tool (Einladungsmaske: Vorname, Nachname, Email, Art, Mitarbeiternummer). */
export const invitationSchema = builtOnce(
  (t: TFunction, { kinds, staffNumbers, askCaptcha }: { kinds: string[]; staffNumbers: string[]; askCaptcha: boolean }) => {
    return colleagueSchema(t, { askCaptcha }).extend({
      art: z.enum(kinds as [string, ...string[]], { error: t("validation:required", { field: label(t, "art") }) }),
      mitarbeiternummer: z
        .enum(staffNumbers as [string, ...string[]], { error: t("validation:invalid", { field: label(t, "mitarbeiternummer") }) })
        .optional(),
    });
  },
);
