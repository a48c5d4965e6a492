import type { TFunction } from "i18next";
import { z } from "zod";
import { isValidIban, normalizeIban } from "#bff/reward/iban";
import { builtOnce } from "./built-once.server";
import { requiredText } from "./fields.server";

/** IBAN by ISO 13616 (German only when the tenant says so) and the account holder. */
export const bankDataSchema = builtOnce((t: TFunction, { germanOnly }: { germanOnly: boolean }) => {
  const iban = t("common:recipient.iban");
  const holder = t("common:recipient.kontoinhaber");
  return z.object({
    iban: z
      .string({ error: t("validation:required", { field: iban }) })
      .trim()
      .min(1, t("validation:required", { field: iban }))
      .max(42, t("validation:invalid", { field: iban }))
      .refine((value) => isValidIban(value, { germanOnly }), t("validation:invalid", { field: iban }))
      .transform(normalizeIban),
    kontoinhaber: requiredText(t, holder, 70),
  });
});
