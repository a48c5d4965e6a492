import type { TFunction } from "i18next";
import { z } from "zod";
import { salutations } from "#bff/platform/domain";
import type { TextSet } from "#bff/platform/locale.server";
import type { RecipientFormValues } from "#bff/recipient/replies";
import { birthDateProblem, mailboxOf, parseGermanDate, todayIso } from "#bff/recipient/rules";
import { fixedT } from "~/i18n/i18n.server";
import { builtOnce, constraintOf } from "./built-once.server";
import { withoutControlCharacters } from "./fields.server";

function buildSchema(t: TFunction) {
  const label = (field: string) => t(`common:recipient.fields.${field}`);
  const required = (field: string) => t("validation:required", { field: label(field) });
  const invalid = (field: string) => t("validation:invalid", { field: label(field) });
  const birthDateMessages = {
    invalid: invalid("geburtsdatum"),
    future: t("common:recipient.birthDateFuture"),
    implausible: t("common:recipient.birthDateImplausible"),
    underAge: t("common:recipient.underAge"),
  };
  const text = (field: string, max: number) =>
    withoutControlCharacters(
      z
        .string({ error: required(field) })
        .trim()
        .min(1, required(field))
        .max(max, invalid(field)),
      t,
      label(field),
    );

  const fields = {
    anrede: z.enum(salutations, { error: required("anrede") }),
    vorname: text("vorname", 50),
    name: text("name", 50),
    geburtsdatum: text("geburtsdatum", 10)
      .regex(/^\d{2}\.\d{2}\.\d{4}$/, invalid("geburtsdatum"))
      .superRefine((value, context) => {
        const iso = parseGermanDate(value);
        const problem = iso === null ? "invalid" : birthDateProblem(iso, todayIso());
        if (problem) context.addIssue({ code: "custom", message: birthDateMessages[problem] });
      }),
    email: text("email", 100).pipe(z.email(t("validation:email"))),
    telefon: text("telefon", 25).regex(/^\+?[0-9][0-9 ()/-]{4,24}$/, invalid("telefon")),
    strasse: text("strasse", 60),
    hausnummer: text("hausnummer", 10).regex(/^\d+[ ]?[a-zA-Z]?([-/]\d+[a-zA-Z]?)?$/, invalid("hausnummer")),
    adresszusatz: withoutControlCharacters(z.string().trim().max(60, invalid("adresszusatz")), t, label("adresszusatz")).optional(),
    plz: text("plz", 5).regex(/^\d{5}$/, invalid("plz")),
    ort: text("ort", 60),
    werbeeinwilligung: z.boolean().default(false),
  } satisfies { [Field in keyof RecipientFormValues]-?: z.ZodType<RecipientFormValues[Field]> };
  return z.object({ submissionId: z.string().uuid().optional(), ...fields });
}

const schemaFor = builtOnce(buildSchema);

/** The form's fields as the page names them (conform's field metadata). */
export type RecipientDataFields = Required<z.input<ReturnType<typeof buildSchema>>>;

/** The recipient data form, with messages in the page's language. */
export function recipientDataSchema(texts: TextSet) {
  return schemaFor(fixedT(texts));
}

/** The form's constraints for the browser's own validation: the same in every language. */
export function recipientDataConstraint() {
  return constraintOf(recipientDataSchema("de-Sie"));
}

/** The recipient may not give the recommender's own mailbox, however spelt; the message, or null. */
export function recommenderEmailProblem(email: string, recommenderEmail: string, texts: TextSet) {
  return mailboxOf(email) === mailboxOf(recommenderEmail) ? fixedT(texts, "errors")("recipientEmailEqualsRecommender") : null;
}
