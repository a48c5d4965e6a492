import type { TFunction } from "i18next";
import { z } from "zod";
import { isTermsAccepted } from "#bff/recipient/rules";
import { builtOnce } from "./built-once.server";

/** Consent is mandatory; accepted values are true, 'yes' or a number above 0. */
export const recipientConsentSchema = builtOnce((t: TFunction) => {
  return z.object({
    zustimmung: z.string({ error: t("validation:consentRequired") }).refine(isTermsAccepted, t("validation:consentRequired")),
  });
});
