import type { TFunction } from "i18next";
import { z } from "zod";
import { builtOnce } from "./built-once.server";
import { captchaFields, emailField, nameField, requiredText } from "./fields.server";

/** The contact form (Kontakt): who writes, about what, and whether they want a copy. */
export const contactSchema = builtOnce((t: TFunction, { askCaptcha }: { askCaptcha: boolean }) => {
  const label = (field: string) => t(`common:contact.fields.${field}`);
  return z.object({
    submissionId: z.string().uuid().optional(),
    vorname: nameField(t, label("vorname")),
    nachname: nameField(t, label("nachname")),
    email: emailField(t, label("email")),
    betreff: requiredText(t, label("betreff"), 120),
    nachricht: requiredText(t, label("nachricht"), 2000, "several"),
    kopieAnMich: z.boolean().default(false),
    ...captchaFields(t, askCaptcha),
  });
});
