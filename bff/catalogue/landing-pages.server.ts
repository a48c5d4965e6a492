// The telecom tenant's product landing pages, keyed by path. Each has its name (the
// meta title, description, title and breadcrumb are made from it in the page's language) and the
// API category (the products' Gruppe) whose products it shows.
import type { deviceTypes } from "./replies";

export type LandingPageKind = "fixed" | "mobile" | "devices";
export type LandingPage = {
  path: string;
  kind: LandingPageKind;
  category: string;
  name: { de: string; en: string };
  /** Device pages: which devices, and the tariff category they come with. */
  device?: (typeof deviceTypes)[number];
};

const page = (path: string, kind: LandingPageKind, category: string, de: string, en = de, device?: LandingPage["device"]): LandingPage => ({
  path,
  kind,
  category,
  name: { de, en },
  device,
});

export const landingPages: LandingPage[] = [
  page("internet", "fixed", "internet", "Internet"),
  page("internet/hybrid", "fixed", "hybrid", "Internet Hybrid"),
  page("junge-leute", "fixed", "internet", "Internet für junge Leute", "Internet for young people"),
  page("junge-leute/speed.html", "fixed", "glasfaser", "Speed für junge Leute", "Speed for young people"),
  page("junge-leute/hybrid.html", "fixed", "hybrid", "Hybrid für junge Leute", "Hybrid for young people"),
  page("internet/glasfaser.html", "fixed", "glasfaser", "Internet mit Glasfaser", "Fibre internet"),
  page("digital-home-service", "fixed", "internet", "Digital Home Service"),
  page("glasfaser", "fixed", "glasfaser", "Glasfaser", "Fibre"),
  page("magentasport", "fixed", "sport", "MagentaSport"),
  page("fernsehen", "fixed", "tv", "Fernsehen", "TV"),
  page("fernsehen/satellit.html", "fixed", "tv", "Fernsehen über Satellit", "Satellite TV"),
  page("fernsehen/hybrid-satellit.html", "fixed", "tv", "Fernsehen Hybrid mit Satellit", "Hybrid satellite TV"),
  page("fernsehen/hybrid", "fixed", "hybrid", "Fernsehen Hybrid", "Hybrid TV"),
  page("fernsehen/glasfaser.html", "fixed", "glasfaser", "Fernsehen mit Glasfaser", "Fibre TV"),
  page("internet-telefon", "fixed", "internet", "Internet & Telefon", "Internet & phone"),
  page("homepage-und-shop", "fixed", "business", "Homepage & Shop"),
  page("webseite", "fixed", "business", "Webseite", "Website"),
  page("webshop", "fixed", "business", "Webshop", "Web shop"),
  page("webhosting", "fixed", "business", "Webhosting", "Web hosting"),
  page("company-start", "fixed", "business", "Company Start"),
  page("company-pro", "fixed", "business", "Company Pro"),
  page("smartphone-tarife.html", "mobile", "mobil", "Smartphone-Tarife", "Smartphone tariffs"),
  page("prepaid-tarife.html", "mobile", "prepaid", "Prepaid-Tarife", "Prepaid tariffs"),
  page("young-tarife.html", "mobile", "young", "Young-Tarife", "Young tariffs"),
  page("daten-tarife.html", "mobile", "daten", "Daten-Tarife", "Data tariffs"),
  page("zusatzkarten.html", "mobile", "zusatzkarte", "Zusatzkarten", "Additional cards"),
  page("combi-cards.html", "mobile", "zusatzkarte", "Combi Cards"),
  page("geraete.html", "devices", "mobil", "Geräte", "Devices"),
  page("smartphones.html", "devices", "mobil", "Smartphones", "Smartphones", "smartphone"),
  page("tablets.html", "devices", "daten", "Tablets", "Tablets", "tablet"),
  page("surfsticks.html", "mobile", "daten", "Surfsticks", "Surf sticks"),
];

const byPath = new Map(landingPages.map((landing) => [landing.path, landing]));

export function landingPageFor(path: string) {
  return byPath.get(path.replace(/^\/+|\/+$/g, "")) ?? null;
}

/** Tariff categories whose tariffs come with a device, and which device (the select button's targets). */
export const devicesForTariffCategory: Record<string, (typeof deviceTypes)[number][]> = {
  mobil: ["smartphone", "tablet"],
  young: ["smartphone"],
  daten: ["tablet"],
};
