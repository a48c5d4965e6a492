// The replies of the recipient calls: the recipient created, its order and reward; and the recipient's
// data as the portal holds it.
import { z } from "zod";
import { legacyNumber } from "../legacy/legacy-code";
import { salutations } from "../platform/domain";

export const recipientExistsSchema = z.object({ Empfaengernummer: legacyNumber(z.string()) });

export const recipientCreatedSchema = z.object({ Empfaengernummer: legacyNumber(z.string()), Token: z.string().min(1) });

export const recipientOrderStatuses = ["Eingegangen", "InBearbeitung", "Abgeschlossen", "Storniert"] as const;

export const recipientOrderSchema = z.object({
  Empfehlungsnummer: legacyNumber(z.string()),
  Produkt: z.string(),
  Status: z.enum(recipientOrderStatuses),
  AgbAkzeptiert: z.boolean(),
  BankdatenHinterlegt: z.boolean(),
});

export type RecipientOrder = z.infer<typeof recipientOrderSchema>;

/** The recipient's own reward for a recommendation: their share and its value (reply shape chosen: docs/decisions/039). */
export const recipientRewardSchema = z.object({
  AnteilProzent: z.number().int().min(0).max(100),
  WertCent: z.number().int().min(0),
});

const recipientAddressShape = z.object({
  strasse: z.string(),
  hausnummer: z.string(),
  /** c/o, a flat, a back building: where the recipient gives one. */
  adresszusatz: z.string().optional(),
  plz: z.string(),
  ort: z.string(),
});

/**
 * What a recipient gives on the data page, as the portal holds it (and seals it until consent): the one
 * list of the recipient form's fields. The form's schema, the draft and the legacy body are checked
 * against it when the types are (CONTRIBUTING.md, "Add a field to a form").
 */
export const recipientDataShape = z.object({
  anrede: z.enum(salutations),
  vorname: z.string(),
  name: z.string(),
  /** DD.MM.YYYY, as the backend parses it. */
  geburtsdatum: z.string(),
  email: z.string(),
  telefon: z.string(),
  werbeeinwilligung: z.boolean(),
  adresse: recipientAddressShape,
});

export type RecipientData = z.infer<typeof recipientDataShape>;

/** The recipient form's values: the recipient's data with the address's fields beside the others. */
export type RecipientFormValues = Omit<RecipientData, "adresse"> & RecipientData["adresse"];

const ADDRESS_FIELDS: readonly string[] = recipientAddressShape.keyof().options;

/** The form's values as the portal holds them: the address's fields in an object of their own. */
export function recipientDataOf(values: RecipientFormValues): RecipientData {
  const fields = Object.entries(values);
  const person = Object.fromEntries(fields.filter(([field]) => !ADDRESS_FIELDS.includes(field)));
  const adresse = Object.fromEntries(fields.filter(([field]) => ADDRESS_FIELDS.includes(field)));
  return { ...(person as Omit<RecipientData, "adresse">), adresse: adresse as RecipientData["adresse"] };
}

/** The recipient's data as the form shows it again. */
export function recipientFormValuesOf({ adresse, ...person }: RecipientData): RecipientFormValues {
  return { ...person, ...adresse };
}
