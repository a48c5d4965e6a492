import type { TFunction } from "i18next";
import { z } from "zod";
import { type BountyShare, bountyShares } from "#bff/platform/domain";
import { isTermsAccepted } from "#bff/recipient/rules";
import { builtOnce } from "./built-once.server";
import { captchaFields, emailField, nameField } from "./fields.server";

export type RecommendFormOptions = {
  /** Nobody is logged in: the recommender gives their name and e-mail. */
  askRecommender: boolean;
  askCaptcha: boolean;
  defaultShare: BountyShare;
};

function mustBeTicked(message: string) {
  return z.string({ error: message }).refine(isTermsAccepted, message);
}

/** Creating a recommendation (the programme's rules). */
export const recommendSchema = builtOnce((t: TFunction, { askRecommender, askCaptcha, defaultShare }: RecommendFormOptions) => {
  const optional = z.string().optional();
  return z.object({
    submissionId: z.string().uuid().optional(),
    vorname: askRecommender ? nameField(t, t("common:recipient.fields.vorname")) : optional,
    nachname: askRecommender ? nameField(t, t("common:recipient.fields.name")) : optional,
    email: askRecommender ? emailField(t, t("common:account.email")) : optional,
    share: z
      .number({ error: t("validation:invalid", { field: t("common:recommend.shareLegend") }) })
      .int()
      .refine(
        (value): value is BountyShare => (bountyShares as readonly number[]).includes(value),
        t("validation:invalid", { field: t("common:recommend.shareLegend") }),
      )
      .default(defaultShare),
    rules: mustBeTicked(t("validation:rulesRequired")),
    agb: mustBeTicked(t("common:recipient.consentRequired")),
    newsletter: z.boolean().default(false),
    /** The active campaigns whose legal text the recommender agreed to (optional). */
    aktionen: z.array(z.number().int()).default([]),
    ...captchaFields(t, askCaptcha),
  });
});
