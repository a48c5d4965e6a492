// The replies of the recommender calls: login and account, recommendations and their statuses,
// campaigns, password rules, creating a recommendation, offline codes, banners.
import { z } from "zod";

export const campaignSchema = z.object({
  AktionsId: z.number().int(),
  Titel: z.string(),
  Text: z.string(),
  RechtsText: z.string(),
  abgehakt: z.boolean(),
  Zustimmung: z.boolean(),
});

export const campaignListSchema = z.array(campaignSchema);

export const loginReplySchema = z.object({
  Email: z.string(),
  Anrede: z.string().nullish(),
  Vorname: z.string(),
  Nachname: z.string(),
  Empfehlerhash: z.string(),
  Token: z.string().min(1),
  NewsletterOptinGegeben: z.boolean(),
  NewsletterOptinVersendetAm: z.iso.datetime({ offset: true }).nullish(),
  Language: z.enum(["de", "en"]).nullish(),
});

export type LoginReply = z.infer<typeof loginReplySchema>;

export const userSchema = z.object({
  Vorname: z.string(),
  Nachname: z.string(),
  Email: z.string(),
  newsletterpermission: z.boolean(),
  newsletterpermissionversendetam: z.iso.datetime({ offset: true }).nullish(),
});

export const recommendationStatuses = ["Ok", "Abgelaufen", "Offen", "Gezahlt", "Storniert"] as const;

export const payoutStatuses = ["Offen", "Bereitgestellt", "Ausgezahlt", "Abgeholt", "Storniert", "Abgelaufen"] as const;

export const recommenderRecommendationSchema = z.object({
  Empfehlungsnummer: z.string(),
  Produkt: z.string(),
  EmpfaengerName: z.string().nullish(),
  ErstelltAm: z.iso.date(),
  Status: z.enum(recommendationStatuses),
  PraemienStatus: z.enum(payoutStatuses).nullish(),
  /** The recommender's reward for it in cents, paid or to be paid, where the backend says (docs/decisions/056). */
  PraemieWertCent: z.number().int().min(0).nullish(),
});

export const recommenderRecommendationListSchema = z.array(recommenderRecommendationSchema);

/** The server's password rules (GET /account/passwortvalidator). */
export const passwordRulesSchema = z.object({
  MinLength: z.number().int().min(1).max(128),
  RequireLowercase: z.boolean(),
  RequireUppercase: z.boolean(),
  RequireDigit: z.boolean(),
  RequireSpecialCharacter: z.boolean(),
});

export type PasswordRules = z.infer<typeof passwordRulesSchema>;

export const recommendationCreatedSchema = z.object({
  Empfehlungsnummer: z.string().min(1),
  KurzURL: z.url({ protocol: /^https?$/ }),
  Empfehlungslink: z.url({ protocol: /^https?$/ }),
});

export type RecommendationCreated = z.infer<typeof recommendationCreatedSchema>;

export const offlineCodeCreatedSchema = z.object({ Code: z.string().min(4).max(32) });

export const bannerSchema = z.object({ ShowBanner: z.boolean() });
