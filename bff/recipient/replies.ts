// The replies of the recipient calls: the recipient created, its order and reward; and the recipient's
// data as the portal holds it.
import { z } from "zod";
import { salutations } from "../platform/domain";

export const recipientExistsSchema = z.object({ Empfaengernummer: z.string() });

export const recipientCreatedSchema = z.object({ Empfaengernummer: z.string(), Token: z.string().min(1) });

export const recipientOrderStatuses = ["Eingegangen", "InBearbeitung", "Abgeschlossen", "Storniert"] as const;

export const recipientOrderSchema = z.object({
  Empfehlungsnummer: z.string(),
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

/** What a recipient gives on the data page, as the portal holds it (and seals it until consent). */
export const recipientDataShape = z.object({
  anrede: z.enum(salutations),
  vorname: z.string(),
  name: z.string(),
  /** DD.MM.YYYY, as the backend parses it. */
  geburtsdatum: z.string(),
  email: z.string(),
  telefon: z.string(),
  werbeeinwilligung: z.boolean(),
  adresse: z.object({ strasse: z.string(), hausnummer: z.string(), plz: z.string(), ort: z.string() }),
});

export type RecipientData = z.infer<typeof recipientDataShape>;
