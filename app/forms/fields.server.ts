import type { TFunction } from "i18next";
import { z } from "zod";

/** A required, trimmed text with the spec's '<field> ist ein Pflichtfeld' message. */
export function requiredText(t: TFunction, label: string, max: number) {
  return z
    .string({ error: t("validation:required", { field: label }) })
    .trim()
    .min(1, t("validation:required", { field: label }))
    .max(max, t("validation:invalid", { field: label }));
}

export function nameField(t: TFunction, label: string) {
  return requiredText(t, label, 50);
}

export function emailField(t: TFunction, label: string) {
  return requiredText(t, label, 100).pipe(z.email(t("validation:email")));
}
