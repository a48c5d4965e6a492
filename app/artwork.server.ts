// The portal's own pictures where a backend has none (docs/decisions/057): a neutral illustration from
// the Lucide icon set, chosen for what it shows (a product's kind, a category, a reward's kind) and
// coloured by the tenant's brand; never a name in a box.
import {
  Banknote,
  Briefcase,
  Cable,
  Car,
  CardSim,
  Flame,
  Gift,
  HeartHandshake,
  HouseWifi,
  type IconNode,
  Router,
  ShieldCheck,
  Smartphone,
  Sofa,
  Sparkles,
  Tablet,
  Trophy,
  Tv,
  Users,
  Zap,
} from "lucide";
import { imageResponse, isPicture, pictureResponse } from "#bff/catalogue/image-response.server";
import { UpstreamError } from "#bff/legacy/errors";
import type { LegacyAsset } from "#bff/legacy/legacy-client.server";
import type { ThemeColours } from "./theme";

const SUBJECTS = {
  car: Car,
  liability: ShieldCheck,
  household: Sofa,
  internet: Router,
  fibre: Cable,
  tv: Tv,
  sport: Trophy,
  business: Briefcase,
  mobile: Smartphone,
  tablet: Tablet,
  sim: CardSim,
  young: Sparkles,
  power: Zap,
  gas: Flame,
  home: HouseWifi,
  people: Users,
  cash: Banknote,
  voucher: Gift,
  referral: HeartHandshake,
} satisfies Record<string, IconNode>;

export type ArtworkSubject = keyof typeof SUBJECTS;

/** Telecom product groups (`Gruppe`) by what they are. */
const GROUPS: Record<string, ArtworkSubject> = {
  internet: "internet",
  hybrid: "internet",
  glasfaser: "fibre",
  tv: "tv",
  sport: "sport",
  business: "business",
  mobil: "mobile",
  combi: "mobile",
  geraete: "mobile",
  prepaid: "sim",
  zusatzkarte: "sim",
  daten: "tablet",
  young: "young",
};

/** Words in a product's or category's name, or its external id, by what they show; the first that matches wins. */
const WORDS: [RegExp, ArtworkSubject][] = [
  [/\bkfz\b|auto|fahrzeug|\bcar\b/i, "car"],
  [/haftpflicht|\bphv\b|liability/i, "liability"],
  [/hausrat|\bhr\b|household/i, "household"],
  [/strom|power|electric/i, "power"],
  [/\bgas/i, "gas"],
  [/festnetz|zuhause|home/i, "home"],
  [/mobil|handy|smartphone/i, "mobile"],
  [/gewerbe|business|firma/i, "business"],
  [/privat|familie|private/i, "people"],
];

type Named = { Name: string; AnzeigeName?: string | null; Gruppe?: string | null; ExterneId?: string | null };

/** What a product's picture shows: its telecom group, else a word of its name or external id; a referral where nothing fits. */
export function productSubject(product: Named | null): ArtworkSubject {
  if (!product) return "referral";
  const group = GROUPS[product.Gruppe?.trim().toLowerCase() ?? ""];
  return group ?? subjectOfWords(`${product.ExterneId ?? ""} ${product.AnzeigeName ?? ""} ${product.Name}`);
}

export function categorySubject(name: string | null): ArtworkSubject {
  return name ? subjectOfWords(name) : "referral";
}

export function rewardSubject(kind: "Ueberweisung" | "Gutschein" | null): ArtworkSubject {
  return kind === "Ueberweisung" ? "cash" : kind === "Gutschein" ? "voucher" : "referral";
}

function subjectOfWords(text: string): ArtworkSubject {
  return WORDS.find(([words]) => words.test(text))?.[1] ?? "referral";
}

function iconMarkup(icon: IconNode) {
  return icon
    .map(([tag, attributes]) => {
      const written = Object.entries(attributes).map(([name, value]) => `${name}="${String(value)}"`);
      return `<${tag} ${written.join(" ")}/>`;
    })
    .join("");
}

/**
 * A picture of `subject` at `width` × `height`: a soft tint of the brand with a disc, the icon drawn in
 * the brand's ink (which reads on white, so on the tint too). `bare` draws the icon alone (a 24 px nav icon).
 */
export function artworkSvg(subject: ArtworkSubject, { brand, brandInk }: ThemeColours, width: number, height: number, bare = false) {
  const side = Math.min(width, height);
  const iconSide = bare ? side : side * 0.5;
  const at = (value: number) => Math.round(value * 100) / 100;
  const icon = `<g transform="translate(${at((width - iconSide) / 2)} ${at((height - iconSide) / 2)}) scale(${at(iconSide / 24)})" fill="none" stroke="${brandInk}" stroke-width="${bare ? 2 : 1.5}" stroke-linecap="round" stroke-linejoin="round">${iconMarkup(SUBJECTS[subject])}</g>`;
  const backdrop = bare
    ? ""
    : `<rect width="${width}" height="${height}" rx="${Math.round(side * 0.08)}" fill="${brand}" fill-opacity="0.08"/>` +
      `<circle cx="${at(width / 2)}" cy="${at(height / 2)}" r="${at(side * 0.38)}" fill="${brand}" fill-opacity="0.14"/>` +
      `<circle cx="${at(width / 2 + side * 0.34)}" cy="${at(height / 2 - side * 0.3)}" r="${at(side * 0.05)}" fill="${brand}" fill-opacity="0.4"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${backdrop}${icon}</svg>`;
}

/** The backend's picture where it has one (an image, 200), else, where it has none or cannot give it now, the portal's own artwork. */
export async function pictureOrArtwork(load: () => Promise<LegacyAsset>, artwork: () => Promise<string>): Promise<Response> {
  const backendPicture = await load().catch((error: unknown) => {
    if (error instanceof UpstreamError) return null;
    throw error;
  });
  return isPicture(backendPicture) ? imageResponse(backendPicture) : pictureResponse(await artwork(), "image/svg+xml; charset=utf-8");
}
