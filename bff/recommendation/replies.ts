// The replies of the recommendation calls: a recommendation as its link or code finds it, a recommender's
// recommendations and their statuses, creating one, offline codes, banners.
import { z } from "zod";
import { legacyNumber } from "../legacy/legacy-code";
import { bountyShares } from "../platform/domain";

export const recommendationSchema = z.object({
  Empfehlungsnummer: legacyNumber(z.string()),
  AnteilEmpfehler: z.union(bountyShares.map((share) => z.literal(share))).default(100),
  Empfehler: z.object({ Vorname: z.string(), Nachname: z.string(), Email: z.string() }),
  AgbAkzeptiert: z.boolean(),
  ErstelltAm: z.iso.date(),
  Produkt: z.object({ Id: z.number().int(), Name: z.string() }),
  KurzURL: z.url({ protocol: /^https?$/ }).nullish(),
  Empfehlungslink: z.url({ protocol: /^https?$/ }).nullish(),
});

export type Recommendation = z.infer<typeof recommendationSchema>;

export const offlineCodeReplySchema = z.object({ Empfehlungsnummer: legacyNumber(z.string()) });

export const recommendationStatuses = ["Ok", "Abgelaufen", "Offen", "Gezahlt", "Storniert"] as const;

export const payoutStatuses = ["Offen", "Bereitgestellt", "Ausgezahlt", "Abgeholt", "Storniert", "Abgelaufen"] as const;

export const recommenderRecommendationSchema = z.object({
  Empfehlungsnummer: legacyNumber(z.string()),
  Produkt: z.string(),
  EmpfaengerName: z.string().nullish(),
  ErstelltAm: z.iso.date(),
  Status: z.enum(recommendationStatuses),
  PraemienStatus: z.enum(payoutStatuses).nullish(),
  /** The recommender's reward for it in cents, paid or to be paid, where the backend says (docs/decisions/056). */
  PraemieWertCent: z.number().int().min(0).nullish(),
});

export const recommenderRecommendationListSchema = z.array(recommenderRecommendationSchema);

export const recommendationCreatedSchema = z.object({
  Empfehlungsnummer: legacyNumber(z.string().min(1)),
  KurzURL: z.url({ protocol: /^https?$/ }),
  Empfehlungslink: z.url({ protocol: /^https?$/ }),
});

export type RecommendationCreated = z.infer<typeof recommendationCreatedSchema>;

export const offlineCodeCreatedSchema = z.object({ Code: z.string().min(4).max(32) });

export const bannerSchema = z.object({ ShowBanner: z.boolean() });
