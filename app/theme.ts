import type { TenantConfig } from "#bff/legacy/contract";
import type { TenantLook } from "#bff/legacy/errors";
import { remembered } from "./remembered";
// A tenant's colours from its one configured brand colour: the brand for surfaces (header, primary
// buttons), the text colour that reads on it, and the brand's 'ink' for links, outlines and control
// borders on white and the light tints. Whatever colour a tenant configures, text keeps 7:1 (WCAG 1.4.6,
// AAA: the recipient's journey and the pickup aim there) and controls far more than 3:1: the surface and
// the ink are the brand darkened only as far as that needs (telekom's magenta by two per cent).

const WHITE = "#ffffff";
/** The type colour of the pages (Tailwind's slate-900). */
export const TEXT_DARK = "#0f172a";
export const DEFAULT_BRAND = "#1f4e79";
/** WCAG 1.4.6 (AAA) for text of any size. */
const TEXT_CONTRAST = 7;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf(rgb: Rgb) {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;
}

function luminance(hex: string) {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two '#rrggbb' colours, 1 to 21. */
export function contrastRatio(first: string, second: string) {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/** The darkest light surface that carries links and outlines (Tailwind's slate-100: the home hero); white and slate-50 are lighter. */
export const TINTED_SURFACE = "#f1f5f9";

/** The brand mixed towards black in small steps until `reads` says it reads; else the page's dark type. */
function darkenedUntil(brand: string, reads: (colour: string) => boolean) {
  const rgb = rgbOf(brand);
  for (let share = 0; share <= 1; share += 0.02) {
    const colour = hexOf(rgb.map((channel) => channel * (1 - share)) as Rgb);
    if (reads(colour)) return colour;
  }
  return TEXT_DARK;
}

/** The ink: the brand as dark as it must be to read on every light surface of the pages. */
const inkOf = (brand: string) => darkenedUntil(brand, (ink) => contrastRatio(ink, TINTED_SURFACE) >= TEXT_CONTRAST);

/** The surface text sits on (header, buttons): the brand itself where white or dark type reads on it, else darkened for white. */
function surfaceOf(brand: string) {
  if ([WHITE, TEXT_DARK].some((text) => contrastRatio(text, brand) >= TEXT_CONTRAST)) return brand;
  return darkenedUntil(brand, (surface) => contrastRatio(WHITE, surface) >= TEXT_CONTRAST);
}

export type ThemeColours = { brand: string; brandInk: string; onBrand: string };

/** White where it reads on the surface, else the page's dark type (the surface is made so that one of them does). */
function onBrandOf(surface: string) {
  return contrastRatio(WHITE, surface) >= TEXT_CONTRAST ? WHITE : TEXT_DARK;
}

// Every page's frame asks for its tenant's colours: each brand's are worked out once.
const coloursByBrand = new Map<string, Readonly<ThemeColours>>();

export function themeColours(brand: string = DEFAULT_BRAND): Readonly<ThemeColours> {
  return remembered(
    coloursByBrand,
    brand,
    () => {
      const surface = surfaceOf(brand);
      return Object.freeze({ brand: surface, brandInk: inkOf(brand), onBrand: onBrandOf(surface) });
    },
    1000,
  );
}

/** A tenant's name and theme from its configuration (the page frame, and the page that says it is unavailable). */
export function tenantLookOf(
  id: string,
  config: Pick<TenantConfig, "Name" | "Farbe"> & Partial<Pick<TenantConfig, "Schriftart">>,
): TenantLook {
  return { id, name: config.Name, theme: themeStyle(themeColours(config.Farbe ?? undefined), config.Schriftart) };
}

/** The custom properties the stylesheet's brand colours and font read (styles/tailwind.css); the system's font without a stack. */
export function themeStyle({ brand, brandInk, onBrand }: ThemeColours, fontStack?: string | null) {
  const font = fontStack ? `;--font-sans:${fontStack}` : "";
  return `:root{--brand:${brand};--brand-ink:${brandInk};--on-brand:${onBrand}${font}}`;
}
