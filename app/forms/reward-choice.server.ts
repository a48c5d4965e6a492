import type { TFunction } from "i18next";
import { z } from "zod";

/** One of the rewards valid today must be chosen. */
export function rewardChoiceSchema(t: TFunction, validIds: number[]) {
  const mustChoose = t("common:reward.mustChoose");
  return z.object({
    praemieId: z.coerce.number({ error: mustChoose }).refine((id) => validIds.includes(id), mustChoose),
  });
}
