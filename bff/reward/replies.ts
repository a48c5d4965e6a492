// The replies of the reward calls: the rewards offered, the highest one, a pickup's booking, the
// customer number, and the recommender's bank data for the payout.
import { z } from "zod";
import { legacyNumber } from "../legacy/legacy-code";

export const rewardSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Startdatum: z.iso.date(),
  Enddatum: z.iso.date().nullish(),
  EnddatumAnzeige: z.iso.date().nullish(),
  WertCent: z.number().int().min(0),
  Wert: z.string(),
  Art: z.enum(["Ueberweisung", "Gutschein"]),
});

export type Reward = z.infer<typeof rewardSchema>;

export const rewardListSchema = z.array(rewardSchema);

/** The highest reward a successful recommendation earns now (reply shape chosen: docs/decisions/039). */
export const maxRewardValueSchema = z.object({ MaxPraemienwertCent: z.number().int().min(0) });

export const rewardBookingSchema = z.object({
  praemierungstoken: z.string(),
  Praemie: rewardSchema.nullish(),
  Abgeholt: z.boolean(),
});

export const customerNumberResultSchema = z.object({ Kundennummer: legacyNumber(z.string()).nullish() });

export const recommenderBankDataSchema = z.object({ Iban: z.string().nullish(), Kontoinhaber: z.string().nullish() });
