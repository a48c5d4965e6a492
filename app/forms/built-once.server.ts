import { getZodConstraint } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import type { ZodType } from "zod";
import { remembered } from "../remembered";

/** The options are a tenant's data at most (its flags, reward ids, staff numbers): a few sets per language. */
const OPTION_SETS_PER_LANGUAGE = 50;

/**
 * A form's schema, built once per language and options: building a zod schema costs about as much
 * as rendering the page, and nothing in it changes between requests (a check of today's date must
 * read the date when it runs). `t` stands for the language: fixedT gives one per language.
 */
export function builtOnce<Options extends unknown[], Schema extends ZodType>(build: (t: TFunction, ...options: Options) => Schema) {
  const byLanguage = new WeakMap<TFunction, Map<string, Schema>>();
  return (t: TFunction, ...options: Options): Schema => {
    const built = remembered(byLanguage, t, () => new Map<string, Schema>());
    return remembered(built, JSON.stringify(options), () => build(t, ...options), OPTION_SETS_PER_LANGUAGE);
  };
}

const constraints = new WeakMap<ZodType, ReturnType<typeof getZodConstraint>>();

/** The schema's constraints, sent to the page for the browser's own validation; worked out once per schema. */
export function constraintOf(schema: ZodType) {
  return remembered(constraints, schema, () => getZodConstraint(schema));
}
