// What the legacy simulator holds, made fresh from the seed at its start and at every reset.
import { type AgencyState, freshAgencyState } from "./agency/seed";
import type { Fault } from "./faults";
import { type SeedTenant, seedTenants } from "./seed";

export type LegacySwitches = {
  /** The captcha check (empty-body calls, IsCaptchaRequired) says a captcha is needed, for every tenant… */
  captchaRequired: boolean;
  /** …or for these tenants only (so that parallel tests of other tenants are not affected), or one call of a tenant (`allianz/Einladung`). */
  captchaTenants: string[];
  /** Every call waits this long before it answers (a slow backend). */
  delayMs: number;
  /** The calls it names fail (see FAULT_KINDS). */
  fault: Fault | null;
};

export const switchesOff = (): LegacySwitches => ({ captchaRequired: false, captchaTenants: [], delayMs: 0, fault: null });

/** Where a tenant's portal is reached: the backend's MandantUrl, the base of its share links and its registered sign-on return. */
export type PortalOrigin = (tenant: string) => string;
export const localPortalOrigin: PortalOrigin = (tenant) => `http://${tenant}.localhost:3000`;

export type LinkMailKind = "welcome" | "reset" | "newsletter";
export type MailKind = LinkMailKind | "contact-copy" | "reward";
export type Mail = { to: string; kind: MailKind; link: string | null; sentAt: string };
type LinkToken = { tenant: string; email: string; kind: LinkMailKind; issuedAt: number; used: boolean };

export type RecommenderState = {
  linkTokens: Map<string, LinkToken>;
  outbox: Mail[];
  captchas: Map<string, { answer: string; issuedAt: number; used: boolean }>;
  /** E-mails of recommenders without an account whose opt-in mail is not confirmed yet. */
  pendingOptins: Set<string>;
  /** Messages sent through the contact form. */
  contactMessages: { tenant: string; email: string; message: string }[];
};

export type RewardBooking = { tenant: string; praemieId: number | null; collected: boolean; kundennummer: string | null };
export type BankData = { Iban: string; Kontoinhaber: string };

export type RecipientRecord = {
  tenant: string;
  empfehlungsnummer: string;
  empfaengernummer: string;
  email: string;
  name: string;
  channel: string | null;
  completed: boolean;
  agbText: string | null;
  iban: string | null;
  /** The address as the create call sent it. */
  address: RecipientAddress | null;
};

export type RecipientAddress = { Strasse?: string; Hausnummer?: string; Adresszusatz?: string; Plz?: string; Ort?: string };

export type State = {
  tenants: Record<string, SeedTenant>;
  /** GET route/default: the backend's route names (decision 040). */
  defaultRoutes: Record<string, string>;
  /** Recommender logins, by their user token. */
  sessions: Map<string, { tenant: string; email: string }>;
  /** Admin login tokens already used (single use unless the tenant is in autologin mode). */
  usedAdminTokens: Set<string>;
  rewardBookings: Map<string, RewardBooking>;
  /** Recipients created through the API, by their token. */
  recipients: Map<string, RecipientRecord>;
  /** Recommender bank data, by `user:<email>` or `reward:<token>`. */
  bankData: Map<string, BankData>;
  /** Landings counted per recommendation number (PUT /empfehlung/{id}). */
  landings: Map<string, number>;
  recommender: RecommenderState;
  agency: AgencyState;
};

const seedDefaultRoutes = {
  Home: "/",
  Login: "/login",
  Empfehlungscode: "/code",
  PersoenlicherBereich: "/persoenlicherbereich",
  MeineDaten: "/meinedaten",
  EmpfaengerDaten: "/empfaengerdaten",
  FileNotFound: "/404",
};

function freshRecommenderState(tenants: Record<string, SeedTenant>): RecommenderState {
  const linkTokens = new Map<string, LinkToken>();
  for (const [id, tenant] of Object.entries(tenants)) {
    for (const [email, token] of Object.entries(tenant.mailedTokens.newsletter)) {
      linkTokens.set(token, { tenant: id, email, kind: "newsletter", issuedAt: Date.now(), used: false });
    }
    linkTokens.set(tenant.mailedTokens.expiredReset, { tenant: id, email: `demo@${id}.example`, kind: "reset", issuedAt: 0, used: false });
  }
  return { linkTokens, outbox: [], captchas: new Map(), pendingOptins: new Set(), contactMessages: [] };
}

export function freshState(today: Date, portalOrigin: PortalOrigin): State {
  const tenants = seedTenants(today);
  const rewardBookings: State["rewardBookings"] = new Map();
  for (const [id, tenant] of Object.entries(tenants)) {
    tenant.config.MandantUrl = portalOrigin(id);
    for (const token of tenant.rewardTokens.valid)
      rewardBookings.set(token, { tenant: id, praemieId: null, collected: false, kundennummer: null });
  }
  return {
    tenants,
    defaultRoutes: { ...seedDefaultRoutes },
    sessions: new Map(),
    usedAdminTokens: new Set(),
    rewardBookings,
    recipients: new Map(),
    bankData: new Map(),
    landings: new Map(),
    recommender: freshRecommenderState(tenants),
    agency: freshAgencyState(tenants, today),
  };
}
