import type { TFunction } from "i18next";
import { z } from "zod";
import { salutations } from "#bff/domain";
import { isOfAge, parseGermanDate } from "#bff/rules";

/** The recipient data form (spec 3 and 5); messages in the page's language. */
export function recipientDataSchema(t: TFunction, { recommenderEmail, today }: { recommenderEmail: string; today: string }) {
  const label = (field: string) => t(`common:recipient.fields.${field}`);
  const required = (field: string) => t("validation:required", { field: label(field) });
  const invalid = (field: string) => t("validation:invalid", { field: label(field) });
  const text = (field: string, max: number) =>
    z
      .string({ error: required(field) })
      .trim()
      .min(1, required(field))
      .max(max, invalid(field));

  return z.object({
    submissionId: z.string().uuid().optional(),
    anrede: z.enum(salutations, { error: required("anrede") }),
    vorname: text("vorname", 50),
    name: text("name", 50),
    geburtsdatum: text("geburtsdatum", 10)
      .regex(/^\d{2}\.\d{2}\.\d{4}$/, invalid("geburtsdatum"))
      .refine((value) => parseGermanDate(value) !== null, invalid("geburtsdatum"))
      .refine((value) => {
        const iso = parseGermanDate(value);
        return iso === null || isOfAge(iso, today);
      }, t("common:recipient.underAge")),
    email: text("email", 100)
      .pipe(z.email(t("validation:email")))
      .refine((value) => value.toLowerCase() !== recommenderEmail.toLowerCase(), t("errors:recipientEmailEqualsRecommender")),
    telefon: text("telefon", 25).regex(/^\+?[0-9][0-9 ()/-]{4,24}$/, invalid("telefon")),
    strasse: text("strasse", 60),
    hausnummer: text("hausnummer", 10).regex(/^\d+[ ]?[a-zA-Z]?([-/]\d+[a-zA-Z]?)?$/, invalid("hausnummer")),
    plz: text("plz", 5).regex(/^\d{5}$/, invalid("plz")),
    ort: text("ort", 60),
    werbeeinwilligung: z.boolean().default(false),
  });
}
