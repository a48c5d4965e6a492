import type { TFunction } from "i18next";
import { z } from "zod";
import { builtOnce } from "./built-once.server";

/** The offline recommendation code form; messages in the page's language. */
export const offlineCodeSchema = builtOnce((t: TFunction) => {
  const field = t("common:code.label");
  return z.object({
    code: z
      .string({ error: t("validation:required", { field }) })
      .trim()
      .min(1, t("validation:required", { field }))
      .max(32, t("validation:invalid", { field }))
      .regex(/^[A-Za-z0-9-]+$/, t("validation:invalid", { field })),
  });
});
