// Seed data of the legacy API simulator: four tenants with their configuration, catalogue,
// rewards, recommenders, recommendations in every status, recipients and agency users.
// Dates are relative to the day the simulator starts, so 'valid' and 'expired' stay true.
import type { MobileOffer, Product } from "../../bff/catalogue/replies";
import type { TenantConfig } from "../../bff/legacy/contract";
import { payoutStatuses, recommendationStatuses } from "../../bff/recommendation/replies";
import type { Reward } from "../../bff/reward/replies";

export const DEMO_PASSWORD = "Demo1234";

export type SeedUser = {
  email: string;
  /** Null until the recommender completes the registration by setting one. */
  password: string | null;
  language: "de" | "en";
  anrede: string;
  vorname: string;
  nachname: string;
  blockedCode?: string;
  newsletterPermission: boolean;
  newsletterOptinSentAt: string | null;
};

export type SeedRecommendation = {
  empfehlungsnummer: string;
  recommenderEmail: string;
  /** The name given in the form, for recommendations created without an account. */
  recommenderName?: { vorname: string; nachname: string };
  /** Active campaigns joined when the recommendation was created. */
  campaigns?: number[];
  /** The agent who created it on the recommender's behalf. */
  agentNumber?: string;
  /** The agent recommended (chosen in the agent finder). */
  recommendedAgent?: string;
  productId: number;
  productName: string;
  anteilEmpfehler: 0 | 50 | 100;
  createdDaysAgo: number;
  status: (typeof recommendationStatuses)[number];
  payoutStatus: (typeof payoutStatuses)[number] | null;
  recipientName: string | null;
  agbAccepted: boolean;
};

export type SeedTenant = {
  config: TenantConfig;
  products: Product[];
  categories: { Id: number; Name: string; Beschreibung: string }[];
  rewards: Reward[];
  users: SeedUser[];
  recommendations: SeedRecommendation[];
  offlineCodes: Record<string, string>;
  rewardTokens: { valid: string[]; expired: string[] };
  /** Single-use admin login tokens, each logging in the first demo recommender. */
  adminLoginTokens: string[];
  recipients: string[];
  /** Tariffs with devices (telecom tenant only). */
  mobileOffers: MobileOffer[];
  /** Whether the personal area shows the BannerTEZuTP banner (showbanner calls). */
  showBanner: boolean;
  /** Link tokens as if mailed earlier: newsletter links of the demo users, an expired reset link. */
  mailedTokens: { newsletter: Record<string, string>; expiredReset: string };
  /** Agency users for the agency single sign-on; each is also an agent (Agentennummer). */
  agencyUsers: { login: string; password: string; role: string; name: string; agentNumber: string }[];
};

export function isoDay(offsetDays: number, from = new Date()) {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + offsetDays));
  return day.toISOString().slice(0, 10);
}

const channelsAllOn = {
  ModuleEmail: 1,
  ModuleGmail: 2,
  ModuleOutlook: 3,
  ModuleYahoo: 4,
  ModuleWhatsApp: 5,
  ModuleFacebook: 6,
  ModuleTwitter: 7,
  ModuleLinkedIn: 8,
  ModuleXing: 9,
  ModuleSms: 10,
  ModuleMessenger: 11,
  ModuleStory: 12,
};

function baseConfig(tenant: string, overrides: Partial<TenantConfig>): TenantConfig {
  return {
    Mandant: tenant,
    Name: tenant,
    ProduktApi: "standard",
    ApiRoute: `/${tenant}`,
    ModuleAgentRecommendation: false,
    ModuleStoringBankdata: true,
    AllowSelfRecommendation: false,
    ModuleCompanyRecommendation: false,
    ModuleIntegratedFrame: false,
    IsAutologin: false,
    ModuleErstelleOfflineEmpfehlungCode: true,
    ...channelsAllOn,
    FacebookId: null,
    MandantUrl: `http://${tenant}.localhost:3000`,
    EmpfehlenPath: "/empfehlen",
    EmpfehlenWebPage: null,
    ModuleAdv: false,
    ModuleAuftragsdatumMindestalterTage: 0,
    MaxEmpfaengerPraemieCent: 5000,
    ModuleNewsletterPermission: true,
    ModuleIBANNurDE: true,
    AgbCheckBoxAutoAccept: false,
    ShowProductCategory: true,
    RecommenderDefaultShare: 100,
    EmailWhitelist: [],
    ModuleErzwingeLogin: false,
    PraemienText: null,
    CmsAppName: `${tenant}-portal`,
    CmsClientId: `${tenant}-client`,
    CmsClientSecret: `${tenant}-cms-secret`,
    ...overrides,
  };
}

function rewardsFor(prefix: number, today: Date): Reward[] {
  return [
    {
      Id: prefix + 1,
      Name: "Geldprämie",
      Startdatum: isoDay(-400, today),
      Enddatum: null,
      EnddatumAnzeige: null,
      WertCent: 5000,
      Wert: "50 €",
      Art: "Ueberweisung",
    },
    {
      Id: prefix + 2,
      Name: "Einkaufsgutschein",
      Startdatum: isoDay(-30, today),
      Enddatum: isoDay(60, today),
      EnddatumAnzeige: isoDay(45, today),
      WertCent: 7000,
      Wert: "70 €",
      Art: "Gutschein",
    },
    {
      Id: prefix + 3,
      Name: "Sommeraktion",
      Startdatum: isoDay(-200, today),
      Enddatum: isoDay(-100, today),
      EnddatumAnzeige: null,
      WertCent: 9000,
      Wert: "90 €",
      Art: "Gutschein",
    },
    {
      Id: prefix + 4,
      Name: "Winterprämie",
      Startdatum: isoDay(30, today),
      Enddatum: null,
      EnddatumAnzeige: null,
      WertCent: 11000,
      Wert: "110 €",
      Art: "Ueberweisung",
    },
  ];
}

function usersFor(tenant: string): SeedUser[] {
  return [
    {
      email: `demo@${tenant}.example`,
      password: DEMO_PASSWORD,
      language: "de",
      anrede: "Frau",
      vorname: "Anna",
      nachname: "Schmidt",
      newsletterPermission: true,
      newsletterOptinSentAt: null,
    },
    {
      email: `neu@${tenant}.example`,
      password: DEMO_PASSWORD,
      language: "de",
      anrede: "Herr",
      vorname: "Ben",
      nachname: "Keller",
      newsletterPermission: false,
      newsletterOptinSentAt: "2026-01-10T09:00:00Z",
    },
    {
      email: `gesperrt@${tenant}.example`,
      password: DEMO_PASSWORD,
      language: "de",
      anrede: "Herr",
      vorname: "Carl",
      nachname: "Wagner",
      blockedCode: "KontoGesperrtWildcard",
      newsletterPermission: false,
      newsletterOptinSentAt: null,
    },
  ];
}

function recommendationsFor(code: string, tenant: string, product: Product): SeedRecommendation[] {
  const email = `demo@${tenant}.example`;
  // In the order of recommendationStatuses: Ok, Abgelaufen, Offen, Gezahlt, Storniert.
  const payouts = ["Bereitgestellt", null, null, "Ausgezahlt", "Storniert"] as const;
  return recommendationStatuses.map((status, index) => ({
    empfehlungsnummer: `${code}-${String(100001 + index)}`,
    recommenderEmail: email,
    productId: product.Id,
    productName: product.AnzeigeName ?? product.Name,
    anteilEmpfehler: ([100, 100, 0, 50, 100] as const)[index],
    createdDaysAgo: status === "Abgelaufen" ? 75 : 3 + index * 7,
    status,
    payoutStatus: payouts[index] ?? null,
    recipientName: index === 0 ? null : "Maximilian Mustermann-Oberhausen",
    agbAccepted: true,
  }));
}

const MOBILE_GROUPS = new Set(["mobil", "prepaid", "daten", "zusatzkarte", "young", "combi", "geraete"]);

const fixed = (
  Id: number,
  Gruppe: string,
  AnzeigeName: string,
  PreisMonatlich: number,
  PreisEinmalig: number,
  Beschreibung1: string,
  extra: Partial<Product> = {},
): Product => ({
  Id,
  Name: AnzeigeName,
  AnzeigeName,
  // Its product category (GET produktkategorie): fixed network 1, mobile 2.
  ProduktkategorieId: MOBILE_GROUPS.has(Gruppe) ? 2 : 1,
  Kategorie: Gruppe === "glasfaser" ? "TP" : "DP",
  Gruppe,
  PreisMonatlich,
  PreisEinmalig,
  Beschreibung1,
  ...extra,
});

/**
 * The telecom catalogue. Each tariff lists the rewards it earns (spec 9: 50 € mobile, 70 € fixed network,
 * more for fibre and sport in campaigns): mobile the cash reward, fixed network the voucher too, fibre
 * and sport also a campaign's (the summer's has ended, the winter's not begun).
 */
function telekomProducts([cash, voucher, summer, winter]: Reward[]): Product[] {
  const mobile = { Praemien: [cash] };
  const fixedLine = { Praemien: [cash, voucher] };
  return [
    fixed(630, "internet", "MagentaZuhause M", 3995, 6995, "Internet mit bis zu 50 MBit/s", { Fussnote: "preis", ...fixedLine }),
    fixed(631, "internet", "MagentaZuhause L", 4495, 6995, "Internet mit bis zu 100 MBit/s", { Fussnote: "preis", ...fixedLine }),
    fixed(632, "glasfaser", "Glasfaser 500", 5995, 0, "Glasfaser mit bis zu 500 MBit/s", {
      Fussnote: "glasfaser",
      Praemien: [cash, voucher, summer],
    }),
    fixed(634, "hybrid", "MagentaZuhause Hybrid", 4995, 6995, "DSL und LTE gebündelt", fixedLine),
    fixed(635, "tv", "MagentaTV Smart", 1000, 0, "Fernsehen über Internet, Satellit oder Glasfaser", fixedLine),
    fixed(636, "business", "Homepage & Shop Basic", 990, 0, "Webseite, Webshop und Webhosting für Ihr Unternehmen", fixedLine),
    fixed(641, "sport", "MagentaSport", 1000, 0, "Fußball, Eishockey und Basketball live", { Praemien: [cash, voucher, winter] }),
    fixed(633, "mobil", "MagentaMobil M", 4995, 3995, "20 GB Datenvolumen", mobile),
    fixed(642, "prepaid", "MagentaMobil Prepaid L", 995, 0, "12 GB Datenvolumen, ohne Vertrag", mobile),
    fixed(643, "daten", "Data M", 2495, 0, "Datentarif für Tablet und Surfstick", mobile),
    fixed(644, "zusatzkarte", "PlusKarte", 1495, 0, "Zusatzkarte zu Ihrem Mobilfunktarif", mobile),
    fixed(645, "young", "MagentaMobil Young M", 3995, 3995, "Für alle unter 28: doppeltes Datenvolumen", mobile),
    { Id: 637, Name: "Intern 637", Kategorie: "DP", Gruppe: "internet", PreisMonatlich: 0, PreisEinmalig: 0 },
    { Id: 638, Name: "Intern 638", Kategorie: "DP", Gruppe: "internet", PreisMonatlich: 0, PreisEinmalig: 0 },
    { Id: 639, Name: "Intern 639", Kategorie: "TP", Gruppe: "glasfaser", PreisMonatlich: 0, PreisEinmalig: 0 },
    { Id: 640, Name: "Intern 640", Kategorie: "TP", Gruppe: "glasfaser", PreisMonatlich: 0, PreisEinmalig: 0 },
  ];
}

/** Mobile offers (a tariff with a device), by tariff id (GET produkt/handytarife/{id}). */
export const telekomMobileOffers: MobileOffer[] = [
  {
    Id: 9001,
    GeraeteTyp: "smartphone",
    Hersteller: "apple",
    HandyAnzeigeName: "iPhone 17",
    HandyBeschreibung: "128 GB",
    HandyId: 501,
    PreisHandy: 9995,
    TarifId: 633,
    TarifAnzeigeName: "MagentaMobil M",
    PreisTarif: 4995,
    Position: 1,
  },
  {
    Id: 9002,
    GeraeteTyp: "smartphone",
    Hersteller: "samsung",
    HandyAnzeigeName: "Galaxy S26",
    HandyBeschreibung: "256 GB",
    HandyId: 502,
    PreisHandy: 4995,
    TarifId: 633,
    TarifAnzeigeName: "MagentaMobil M",
    PreisTarif: 4995,
    Position: 2,
  },
  {
    Id: 9003,
    GeraeteTyp: "tablet",
    Hersteller: "apple",
    HandyAnzeigeName: "iPad Air",
    HandyBeschreibung: "Wi-Fi + Cellular",
    HandyId: 503,
    PreisHandy: 19995,
    TarifId: 643,
    TarifAnzeigeName: "Data M",
    PreisTarif: 2495,
    Position: 1,
  },
  {
    Id: 9004,
    GeraeteTyp: "tablet",
    Hersteller: "samsung",
    HandyAnzeigeName: "Galaxy Tab S11",
    HandyBeschreibung: "5G",
    HandyId: 504,
    PreisHandy: 9995,
    TarifId: 643,
    TarifAnzeigeName: "Data M",
    PreisTarif: 2495,
    Position: 2,
  },
];

function insuranceProducts(rewards: Reward[]): Product[] {
  return [
    { Id: 1, Name: "Kfz-Versicherung", ExterneId: "KFZ", ProduktkategorieId: 1, Praemien: [rewards[0]] },
    { Id: 2, Name: "Privathaftpflicht", ExterneId: "PHV", ProduktkategorieId: 1, Praemien: [rewards[0]] },
    { Id: 3, Name: "Hausratversicherung", ExterneId: "HR", ProduktkategorieId: 2, Praemien: [rewards[1]] },
    { Id: 637, Name: "Intern 637", ExterneId: "X637" },
  ];
}

/** A tenant's whole seed from its configuration, catalogue and rewards; the rest follows from its id and code. */
function seedTenant(
  id: string,
  code: string,
  config: TenantConfig,
  { products, rewards, agencyUsers = [] }: { products: Product[]; rewards: Reward[]; agencyUsers?: SeedTenant["agencyUsers"] },
): SeedTenant {
  const telecom = config.ProduktApi === "telekom";
  const forYou = config.Ansprache === "du" ? "Für dich und deine Familie." : "Für Sie und Ihre Familie.";
  return {
    config,
    products,
    categories: telecom
      ? [
          { Id: 1, Name: "Festnetz", Beschreibung: "Telefon und Internet für zu Hause." },
          { Id: 2, Name: "Mobilfunk", Beschreibung: "Tarife und Smartphones für unterwegs." },
        ]
      : [
          { Id: 1, Name: "Privat", Beschreibung: forYou },
          { Id: 2, Name: "Gewerbe", Beschreibung: "Für Selbständige und Unternehmen." },
        ],
    rewards,
    users: usersFor(id),
    recommendations: recommendationsFor(code, id, products[0]),
    offlineCodes: { [`${code}CODE26`]: `${code}-100001` },
    rewardTokens: { valid: [`rwd-${id}-valid-0001`, `rwd-${id}-valid-0002`], expired: [`rwd-${id}-expired-0001`] },
    adminLoginTokens: [`adm-${id}-0001`, `adm-${id}-0002`],
    recipients: [`${code}-E-500001`],
    mobileOffers: telecom ? telekomMobileOffers : [],
    showBanner: telecom,
    mailedTokens: {
      newsletter: { [`demo@${id}.example`]: `nl-${id}-demo-0001`, [`neu@${id}.example`]: `nl-${id}-neu-0001` },
      expiredReset: `pwd-${id}-expired-0001`,
    },
    agencyUsers,
  };
}

const agencyUser = (login: string, role: string, name: string, agentNumber: string) => ({
  login: `${login}@allianz.example`,
  password: DEMO_PASSWORD,
  role,
  name,
  agentNumber,
});

function telekomSeed(today: Date) {
  const config = baseConfig("telekom", {
    Name: "Telekom Empfehlungsprogramm",
    Farbe: "#b0005e",
    Logo: "telekom-logo.svg",
    Schriftart: "TeleNeo, Verdana, DejaVu Sans, sans-serif",
    Startseite: "Tarife",
    StartseiteAbschnitte: ["Schritte", "Praemien", "Inhalt", "Code"],
    ProduktApi: "telekom",
    FacebookId: "1234567890",
    PraemienText: "Mobilfunktarife bringen die Geldprämie – bei Festnetz, TV und Glasfaser wählen Sie zwischen Geldprämie und Gutschein.",
  });
  const rewards = rewardsFor(100, today);
  return seedTenant("telekom", "TK", config, { products: telekomProducts(rewards), rewards });
}

function allianzSeed(today: Date) {
  const config = baseConfig("allianz", {
    Name: "Allianz Agentur Empfehlung",
    Farbe: "#003781",
    Schriftart: "Allianz Neo, Arial, Helvetica, sans-serif",
    Logo: "allianz-logo.svg",
    Startseite: "Berater",
    StartseiteAbschnitte: ["Inhalt", "Schritte", "Praemien", "Code"],
    ProduktApi: "allianz",
    ModuleAgentRecommendation: true,
    ModuleCompanyRecommendation: true,
    ModuleSms: -1,
    ModuleStory: -1,
    PraemienText: "Kfz- und Haftpflichtversicherung bringen eine Geldprämie, die Hausratversicherung einen Einkaufsgutschein.",
  });
  const rewards = rewardsFor(200, today);
  const agencyUsers = [
    agencyUser("inhaber", "AgenturInhaber", "Petra Inhaber", "AG-1001"),
    agencyUser("mitarbeiter", "AgenturMitarbeiter", "Max Mitarbeiter", "AG-1002"),
    agencyUser("praktikant", "Praktikant", "Paula Praktikant", "AG-1003"),
  ];
  return seedTenant("allianz", "AZ", config, { products: insuranceProducts(rewards), rewards, agencyUsers });
}

function standardSeed(today: Date) {
  const config = baseConfig("standard", {
    Name: "Empfehlungsportal",
    Farbe: "#1f4e79",
    Logo: "standard-logo.svg",
    ModuleFacebook: -1,
    ModuleTwitter: -1,
    AgbCheckBoxAutoAccept: true,
    PraemienText: "Geldprämie oder Einkaufsgutschein – Sie wählen, sobald der Vertrag abgeschlossen ist.",
  });
  const products: Product[] = [
    { Id: 10, Name: "Stromtarif Öko", AnzeigeName: "Ökostrom", PreisMonatlich: 2900, PreisEinmalig: 0 },
    { Id: 11, Name: "Gastarif Basis", AnzeigeName: "Gas Basis", PreisMonatlich: 3400, PreisEinmalig: 0 },
    { Id: 640, Name: "Intern 640", PreisMonatlich: 0, PreisEinmalig: 0 },
  ];
  return seedTenant("standard", "ST", config, { products, rewards: rewardsFor(300, today) });
}

function fridaySeed(today: Date) {
  const config = baseConfig("friday", {
    Name: "FRIDAY Versicherung – Freunde werben",
    Farbe: "#2d2a6e",
    Logo: "friday-logo.svg",
    Schriftart: "Poppins, Avenir Next, Nunito, Trebuchet MS, sans-serif",
    StartseiteAbschnitte: ["Inhalt", "Praemien", "Schritte", "Code"],
    Ansprache: "du",
    ProduktApi: "allianz",
    ModuleIntegratedFrame: true,
    RecommenderDefaultShare: 50,
    PraemienText: "Für dich und deine Freunde: Du entscheidest, wer die Prämie bekommt – du, dein Kontakt oder ihr beide zur Hälfte.",
  });
  const rewards = rewardsFor(400, today);
  return seedTenant("friday", "FR", config, { products: insuranceProducts(rewards), rewards });
}

export function seedTenants(today = new Date()): Record<string, SeedTenant> {
  return { telekom: telekomSeed(today), allianz: allianzSeed(today), standard: standardSeed(today), friday: fridaySeed(today) };
}
