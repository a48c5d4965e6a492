// The legacy API contract's shared shapes: the tenant configuration and the channels it switches,
// route names and languages, the error body, a reply without content, the captcha, server paging.
// Each capability's replies sit with it (bff/<capability>/replies.ts); the simulator builds replies from them too.
import { z } from "zod";
import { bountyShares } from "../platform/domain";
import { legacyCode } from "./legacy-code";

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

/** What a tenant's first screen can lead with: its key visual, its tariffs, its agents. */
export const HOME_LEADS = ["Bild", "Tarife", "Berater"] as const;
/** The sections a tenant's home page can show under its first screen: its CMS block, tariffs, agents, the steps, the rewards, the code. */
export const HOME_SECTIONS = ["Inhalt", "Tarife", "Berater", "Schritte", "Praemien", "Code"] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

export const tenantConfigSchema = z.object({
  Mandant: legacyCode(z.string()),
  Name: z.string(),
  ProduktApi: legacyCode(z.string(), productApiTypes).nullish(),
  ApiRoute: legacyCode(z.string().regex(/^\/[a-z0-9-]+$/i)),
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
  /** What the tenant's first screen leads with (decision 079): its key visual, its tariffs or its agents; not in the documented contract, optional ("Bild"). */
  Startseite: z.enum(HOME_LEADS).nullish(),
  /** The home page's sections under the first screen, in this order; a section not named is left out. Not in the documented contract, optional (all). */
  StartseiteAbschnitte: z.array(z.enum(HOME_SECTIONS)).max(HOME_SECTIONS.length).nullish(),
  /** How the tenant addresses its visitors in German; not in the documented contract, optional ("Sie" without it). */
  Ansprache: z.enum(["du", "Sie"]).nullish(),
  CmsAppName: z.string(),
  CmsClientId: z.string(),
  CmsClientSecret: z.string(),
});

export type TenantConfig = z.infer<typeof tenantConfigSchema>;

export const defaultRoutesSchema = z.record(z.string(), z.string());

/** The languages a tenant offers, as codes (reply shape chosen: docs/decisions/039). */
export const tenantLanguagesSchema = z.array(legacyCode(z.string().regex(/^[a-z]{2}$/)));

/** The body of every legacy error reply. */
export const legacyErrorSchema = z.object({ Code: z.string(), Message: z.string().nullish() });

export type LegacyErrorBody = z.infer<typeof legacyErrorSchema>;

/** Calls that answer without a body (or with one the portal does not read). */
export const noContentSchema = z.unknown().transform(() => null);

/** The reply to the empty-body first call of a creation: whether a captcha must be solved. */
export const captchaChallengeSchema = z.object({
  IsCaptchaRequired: z.boolean(),
  Captcha: z.object({ Id: z.string().min(1), Frage: z.string().min(1) }).nullish(),
});

export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/** One page of a server-paged reply (agency reports, agent list): Content, HasNext, PageCount, TotalCount. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    Content: z.array(item),
    HasNext: z.boolean(),
    PageCount: z.number().int().min(0),
    TotalCount: z.number().int().min(0),
  });
}
