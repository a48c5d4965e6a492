// The legacy API contract: one zod schema per reply the portal reads.
// Shared by the BFF client (to parse replies) and the simulator (to build them).
import { z } from "zod";
import { bountyShares, salutations } from "./domain";

export const productApiTypes = ["telekom", "allianz", "standard"] as const;
export type ProductApiType = (typeof productApiTypes)[number];

export const shareChannels = [
  "Email",
  "Gmail",
  "Outlook",
  "Yahoo",
  "WhatsApp",
  "Facebook",
  "Twitter",
  "LinkedIn",
  "Xing",
  "Sms",
  "Messenger",
  "Story",
] as const;
export type ShareChannel = (typeof shareChannels)[number];

/** -1 hides a channel, any other value is its sort position. */
const channelPosition = z.number().int().min(-1);
const channelModules = Object.fromEntries(shareChannels.map((channel) => [`Module${channel}`, channelPosition])) as Record<
  `Module${ShareChannel}`,
  typeof channelPosition
>;

export { bountyShares };

export const tenantConfigSchema = z.object({
  Mandant: z.string(),
  Name: z.string(),
  ProduktApi: z.string().nullish(),
  ApiRoute: z.string().regex(/^\/[a-z0-9-]+$/i),
  ModuleAgentRecommendation: z.boolean(),
  ModuleStoringBankdata: z.boolean(),
  AllowSelfRecommendation: z.boolean(),
  ModuleCompanyRecommendation: z.boolean(),
  ModuleIntegratedFrame: z.boolean(),
  IsAutologin: z.boolean(),
  ModuleErstelleOfflineEmpfehlungCode: z.boolean(),
  ...channelModules,
  FacebookId: z.string().nullish(),
  MandantUrl: z.string(),
  EmpfehlenPath: z.string(),
  EmpfehlenWebPage: z.string().nullish(),
  ModuleAdv: z.boolean(),
  ModuleAuftragsdatumMindestalterTage: z.number().int().min(0),
  MaxEmpfaengerPraemieCent: z.number().int().min(0),
  ModuleNewsletterPermission: z.boolean(),
  ModuleIBANNurDE: z.boolean(),
  AgbCheckBoxAutoAccept: z.boolean(),
  ShowProductCategory: z.boolean(),
  RecommenderDefaultShare: z.union(bountyShares.map((share) => z.literal(share))),
  EmailWhitelist: z.array(z.string()),
  ModuleErzwingeLogin: z.boolean(),
  PraemienText: z.string().nullish(),
  /** The tenant's brand colour and its logo (a CMS asset name); not in the documented contract, optional. */
  Farbe: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i)
    .nullish(),
  Logo: z
    .string()
    .regex(/^[\w.-]+$/)
    .nullish(),
  /**
   * The tenant's font stack: CSS font-family names without quotes (a name of several words needs none),
   * of fonts installed on the reader's device: the portal loads no web font. Not in the documented contract, optional.
   */
  Schriftart: z
    .string()
    .max(200)
    .regex(/^[\w\s,-]+$/)
    .nullish(),
  /** How the tenant addresses its visitors in German; not in the documented contract, optional ("Sie" without it). */
  Ansprache: z.enum(["du", "Sie"]).nullish(),
  CmsAppName: z.string(),
  CmsClientId: z.string(),
  CmsClientSecret: z.string(),
});
export type TenantConfig = z.infer<typeof tenantConfigSchema>;

export const defaultRoutesSchema = z.record(z.string(), z.string());

/** The languages a tenant offers, as codes (reply shape chosen: docs/decisions/039). */
export const tenantLanguagesSchema = z.array(z.string().regex(/^[a-z]{2}$/));
/** A tenant's texts or variables: name → plain text (never HTML). */
export const tenantTextsSchema = z.record(z.string().max(200), z.string().max(2000));

export const campaignSchema = z.object({
  AktionsId: z.number().int(),
  Titel: z.string(),
  Text: z.string(),
  RechtsText: z.string(),
  abgehakt: z.boolean(),
  Zustimmung: z.boolean(),
});
export const campaignListSchema = z.array(campaignSchema);

export const productCategorySchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Beschreibung: z.string().nullish(),
});
export const productCategoryListSchema = z.array(productCategorySchema);

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

export const productSchema = z.looseObject({
  Id: z.number().int(),
  Name: z.string(),
  AnzeigeName: z.string().nullish(),
  Kategorie: z.string().nullish(),
  ExterneId: z.string().nullish(),
  PreisMonatlich: z.number().int().nullish(),
  PreisEinmalig: z.number().int().nullish(),
  Beschreibung1: z.string().nullish(),
  Gruppe: z.string().nullish(),
  /** The product category it belongs to (GET produktkategorie), where the backend says (docs/decisions/039). */
  ProduktkategorieId: z.number().int().nullish(),
  /** The footnote's CMS Identifier. */
  Fussnote: z.string().nullish(),
  Praemien: z.array(rewardSchema).nullish(),
});
export type Product = z.infer<typeof productSchema>;
export const productListSchema = z.array(productSchema);

export const deviceTypes = ["smartphone", "tablet"] as const;
export const mobileOfferSchema = z.object({
  Id: z.number().int(),
  GeraeteTyp: z.enum(deviceTypes),
  Hersteller: z.string(),
  HandyAnzeigeName: z.string(),
  HandyBeschreibung: z.string().nullish(),
  HandyId: z.number().int(),
  PreisHandy: z.number().int(),
  TarifId: z.number().int(),
  TarifAnzeigeName: z.string(),
  PreisTarif: z.number().int(),
  Position: z.number().int(),
});
export type MobileOffer = z.infer<typeof mobileOfferSchema>;
export const mobileOfferListSchema = z.array(mobileOfferSchema);

export const recommendationSchema = z.object({
  Empfehlungsnummer: z.string(),
  AnteilEmpfehler: z.union(bountyShares.map((share) => z.literal(share))).default(100),
  Empfehler: z.object({ Vorname: z.string(), Nachname: z.string(), Email: z.string() }),
  AgbAkzeptiert: z.boolean(),
  ErstelltAm: z.iso.date(),
  Produkt: z.object({ Id: z.number().int(), Name: z.string() }),
  KurzURL: z.url({ protocol: /^https?$/ }).nullish(),
  Empfehlungslink: z.url({ protocol: /^https?$/ }).nullish(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recipientExistsSchema = z.object({ Empfaengernummer: z.string() });

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
});
export const recommenderRecommendationListSchema = z.array(recommenderRecommendationSchema);

export const rewardBookingSchema = z.object({
  praemierungstoken: z.string(),
  Praemie: rewardSchema.nullish(),
  Abgeholt: z.boolean(),
});

export const customerNumberResultSchema = z.object({ Kundennummer: z.string().nullish() });

/** The body of every legacy error reply. */
export const legacyErrorSchema = z.object({ Code: z.string(), Message: z.string().nullish() });
export type LegacyErrorBody = z.infer<typeof legacyErrorSchema>;

// Content service (headless CMS)
export const cmsTokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

export const contentBlockSchema = z.object({
  Id: z.string(),
  Titel: z.string(),
  Inhalt: z.string(),
});
export type ContentBlock = z.infer<typeof contentBlockSchema>;

export const keyVisualSchema = z.object({
  Id: z.string(),
  Titel: z.string(),
  Untertitel: z.string().nullish(),
  Bild: z.string(),
});
export type KeyVisual = z.infer<typeof keyVisualSchema>;

export const faqItemSchema = z.object({ Id: z.string(), Frage: z.string(), Antwort: z.string() });
export const faqListSchema = z.array(faqItemSchema);

export const footnoteSchema = z.object({
  Id: z.number().int(),
  Identifier: z.string(),
  Gruppe: z.string().nullish(),
  Titel: z.string(),
  Inhalt: z.string(),
});
export const footnoteListSchema = z.array(footnoteSchema);

/** The CMS's text variables (graphql `Variables`), e.g. the hotline; `{{Name}}` in CMS texts stands for them. */
export const cmsVariablesSchema = z
  .object({ data: z.object({ variables: z.record(z.string(), z.string()) }) })
  .transform((reply) => reply.data.variables);

export const offlineCodeReplySchema = z.object({ Empfehlungsnummer: z.string() });

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

/** Calls that answer without a body (or with one the portal does not read). */
export const noContentSchema = z.unknown().transform(() => null);

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

export const recommenderBankDataSchema = z.object({ Iban: z.string().nullish(), Kontoinhaber: z.string().nullish() });

export const productLinkSchema = z.object({ Url: z.url({ protocol: /^https?$/ }) });

// Account: registration, passwords, language.
/** The server's password rules (GET /account/passwortvalidator). */
export const passwordRulesSchema = z.object({
  MinLength: z.number().int().min(1).max(128),
  RequireLowercase: z.boolean(),
  RequireUppercase: z.boolean(),
  RequireDigit: z.boolean(),
  RequireSpecialCharacter: z.boolean(),
});
export type PasswordRules = z.infer<typeof passwordRulesSchema>;

// Creating and sharing a recommendation.
/** The reply to the empty-body first call of a creation: whether a captcha must be solved. */
export const captchaChallengeSchema = z.object({
  IsCaptchaRequired: z.boolean(),
  Captcha: z.object({ Id: z.string().min(1), Frage: z.string().min(1) }).nullish(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

export const recommendationCreatedSchema = z.object({
  Empfehlungsnummer: z.string().min(1),
  KurzURL: z.url({ protocol: /^https?$/ }),
  Empfehlungslink: z.url({ protocol: /^https?$/ }),
});
export type RecommendationCreated = z.infer<typeof recommendationCreatedSchema>;

export const offlineCodeCreatedSchema = z.object({ Code: z.string().min(4).max(32) });

export const bannerSchema = z.object({ ShowBanner: z.boolean() });

// Agency and agents. Reply shapes the documented contract leaves open: docs/decisions/010 and 020–023.

/** PUT agentur/sso: the agency token, and the nonce of the sign-on it was issued for. */
export const agencySignOnSchema = z.object({ Token: z.string().min(1), Nonce: z.string().nullish() });

/** GET token/verifyAgenturToken. */
export const agencyTokenCheckSchema = z.object({
  Gueltig: z.boolean(),
  Rollen: z.array(z.string()).default([]),
  Name: z.string().nullish(),
  Email: z.string().nullish(),
  /** The agency user's agent number, for recommendations made on someone's behalf. */
  Agentennummer: z.string().nullish(),
});

const reportCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ReportRow = Record<string, string | number | boolean | null>;

/** One page of a server-paged reply (agency reports, agent list): Content, HasNext, PageCount, TotalCount. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    Content: z.array(item),
    HasNext: z.boolean(),
    PageCount: z.number().int().min(0),
    TotalCount: z.number().int().min(0),
  });
}
export const reportPageSchema = pageSchema(z.record(z.string(), reportCell));
export type ReportPage = z.infer<typeof reportPageSchema>;

/** PUT agentur/statistik: the numbers behind the overview. */
export const agencyStatisticsSchema = z.object({
  Empfehler: z.number().int(),
  Interessenten: z.number().int(),
  AuftraegeOffen: z.number().int(),
  AuftraegeFreigegeben: z.number().int(),
  Einladungen: z.number().int(),
  ProMonat: z.array(z.object({ Monat: z.string(), Interessenten: z.number().int(), Auftraege: z.number().int() })),
});
export type AgencyStatistics = z.infer<typeof agencyStatisticsSchema>;

/** GET Einladung/daten: what the invitation form offers. */
export const invitationDataSchema = z.object({
  Agentur: z.string(),
  Arten: z.array(z.string()).min(1),
  Mitarbeiter: z.array(z.object({ Mitarbeiternummer: z.string(), Name: z.string() })),
});
export type InvitationData = z.infer<typeof invitationDataSchema>;

export const agentSchema = z.object({
  ExterneId: z.string().min(1),
  LastName: z.string(),
  FirstName: z.string().nullish(),
  ZipCode: z.string(),
  City: z.string(),
  Photo: z.string().nullish(),
});
export type Agent = z.infer<typeof agentSchema>;
export const agentPageSchema = pageSchema(agentSchema);
