import type { TFunction } from "i18next";
import { z } from "zod";
import { builtOnce } from "./built-once.server";

/** One of the rewards valid today must be chosen. */
export const rewardChoiceSchema = builtOnce((t: TFunction, validIds: number[]) => {
  const mustChoose = t("common:reward.mustChoose");
  return z.object({
    praemieId: z.coerce.number({ error: mustChoose }).refine((id) => validIds.includes(id), mustChoose),
  });
});
