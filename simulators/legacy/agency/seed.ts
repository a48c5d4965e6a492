// The agency side of the legacy simulator's seed: each agency's reports, spread over the last year so
// that period filters and sorting show something, and its agents.
import { isoDay, type SeedTenant } from "../seed";

export type Row = Record<string, string | number | boolean | null>;

export type Agent = { ExterneId: string; LastName: string; FirstName: string; ZipCode: string; City: string; Photo: string };

export type AgencyState = {
  /** Authorization codes of the identity provider: single use, one minute. */
  codes: Map<
    string,
    { tenant: string; login: string; challenge: string; nonce: string; redirectUri: string; issuedAt: number; used: boolean }
  >;
  /** Agency tokens issued by PUT agentur/sso. */
  tokens: Map<string, { tenant: string; login: string }>;
  reports: Map<string, AgencyReports>;
  agents: Map<string, Agent[]>;
};

export type AgencyReports = {
  empfehlungen: Row[];
  leads: Row[];
  auftraege: Row[];
  einladungen: Row[];
  rechnungen: Row[];
  mitarbeiter: Row[];
};

const FIRST_NAMES = [
  "Anna",
  "Ben",
  "Clara",
  "David",
  "Emma",
  "Felix",
  "Greta",
  "Hannes",
  "Ida",
  "Jonas",
  "Karla",
  "Leon",
  "Mia",
  "Noah",
  "Olivia",
  "Paul",
];
const LAST_NAMES = ["Schmidt", "Müller", "Weber", "Wagner", "Becker", "Hoffmann", "Schulz", "Koch", "Richter", "Klein", "Wolf", "Neumann"];
const PRODUCTS = ["Kfz-Versicherung", "Privathaftpflicht", "Hausratversicherung"];

const nameAt = (index: number) => ({
  Vorname: FIRST_NAMES[index % FIRST_NAMES.length],
  Nachname: LAST_NAMES[(index * 5) % LAST_NAMES.length],
});

/** Reports of one agency, spread over the last year so that period filters and sorting show something. */
export function seedAgencyReports(tenant: SeedTenant, today: Date): AgencyReports {
  const code = tenant.recommendations[0].empfehlungsnummer.split("-")[0];
  const day = (index: number) => isoDay(-((index * 17) % 360) - 1, today);
  const empfehlungen = Array.from({ length: 23 }, (_, index) => ({
    Empfehlernummer: `E-${3001 + index}`,
    ...nameAt(index),
    Email: `empfehler${index + 1}@example.org`,
    Empfehlungen: (index % 4) + 1,
    ErstelltAm: day(index),
  }));
  const leads = Array.from({ length: 17 }, (_, index) => ({
    Empfehlungsnummer: `${code}-${400001 + index}`,
    ...nameAt(index + 3),
    Produkt: PRODUCTS[index % PRODUCTS.length],
    Empfehler: `${nameAt(index).Vorname} ${nameAt(index).Nachname}`,
    ErstelltAm: day(index + 2),
  }));
  const auftraege = Array.from({ length: 14 }, (_, index) => ({
    Empfehlungsnummer: `${code}-${400001 + index}`,
    Empfaengernummer: `R-${7001 + index}`,
    Kunde: `${nameAt(index + 3).Vorname} ${nameAt(index + 3).Nachname}`,
    Produkt: PRODUCTS[index % PRODUCTS.length],
    Auftragsdatum: day(index + 1),
    Status: index % 3 === 0 ? "Freigegeben" : "Offen",
  }));
  const einladungen = Array.from({ length: 8 }, (_, index) => ({
    ...nameAt(index + 7),
    Email: `eingeladen${index + 1}@example.org`,
    Art: index % 2 === 0 ? "Kunde" : "Interessent",
    Mitarbeiternummer: index % 3 === 0 ? "M-02" : "M-01",
    EingeladenAm: day(index + 4),
    Status: index % 4 === 0 ? "Registriert" : "Offen",
  }));
  const rechnungen = Array.from({ length: 6 }, (_, index) => ({
    Rechnungsnummer: `RE-2026-${String(index + 1).padStart(3, "0")}`,
    Datum: isoDay(-30 * (index + 1), today),
    BetragCent: 5000 * ((index % 3) + 1),
    Status: index === 0 ? "Offen" : "Bezahlt",
  }));
  const mitarbeiter = tenant.agencyUsers.map((user, index) => ({
    Mitarbeiternummer: `M-${String(index + 1).padStart(2, "0")}`,
    Name: user.name,
    Email: user.login,
    Rolle: user.role,
  }));
  return { empfehlungen, leads, auftraege, einladungen, rechnungen, mitarbeiter };
}

/** One agency's region, south of Munich to Freising: agents near the people they advise. */
const CITIES = [
  ["80331", "München"],
  ["81541", "München"],
  ["85737", "Ismaning"],
  ["82008", "Unterhaching"],
  ["85221", "Dachau"],
  ["85354", "Freising"],
  ["82031", "Grünwald"],
];

/** The agency's agents (Produkt/berater): fourteen, so that the list has three pages of six. */
function seedAgents(): Agent[] {
  return Array.from({ length: 14 }, (_, index) => {
    const [ZipCode, City] = CITIES[index % CITIES.length];
    const ExterneId = `AG-${2001 + index}`;
    return {
      ExterneId,
      FirstName: nameAt(index + 1).Vorname,
      LastName: nameAt(index + 1).Nachname,
      ZipCode,
      City,
      Photo: `Produkt/berater/${ExterneId}/foto`,
    };
  });
}

export function freshAgencyState(tenants: Record<string, SeedTenant>, today: Date): AgencyState {
  const agencies = Object.entries(tenants).filter(([, tenant]) => tenant.agencyUsers.length > 0);
  return {
    codes: new Map(),
    tokens: new Map(),
    reports: new Map(agencies.map(([id, tenant]) => [id, seedAgencyReports(tenant, today)])),
    agents: new Map(agencies.map(([id]) => [id, seedAgents()])),
  };
}
