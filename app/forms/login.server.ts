import type { TFunction } from "i18next";
import { z } from "zod";
import { builtOnce } from "./built-once.server";

/** The recommender login form. The password is never sent back to the page. */
export const loginSchema = builtOnce((t: TFunction) => {
  const email = t("common:account.email");
  const password = t("common:account.password");
  return z.object({
    email: z
      .string({ error: t("validation:required", { field: email }) })
      .trim()
      .min(1, t("validation:required", { field: email }))
      .max(100, t("validation:email"))
      .pipe(z.email(t("validation:email"))),
    password: z
      .string({ error: t("validation:required", { field: password }) })
      .min(1, t("validation:required", { field: password }))
      .max(128, t("validation:invalid", { field: password })),
    remember: z.boolean().default(false),
    redirectTo: z.string().optional(),
  });
});
