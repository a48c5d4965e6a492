import type { TFunction } from "i18next";
import { z } from "zod";
import { builtOnce } from "./built-once.server";

export const customerNumberSchema = builtOnce((t: TFunction) => {
  const field = t("common:reward.customerLabel");
  return z.object({
    kundennummer: z
      .string({ error: t("validation:required", { field }) })
      .trim()
      .min(1, t("validation:required", { field }))
      .regex(/^[A-Za-z0-9-]{4,20}$/, t("validation:invalid", { field })),
  });
});
