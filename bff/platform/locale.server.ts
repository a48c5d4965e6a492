// The page language, among those the tenant offers: `?lng=` first (the language alternates of a
// page), then the visitor's choice (the sealed `lng` cookie, choice-cookies.server.ts), then
// Accept-Language, else German (or the tenant's first language).
import { LRUCache } from "lru-cache";
import { LanguageDetector } from "remix-i18next/server";

export const supportedLocales = ["de", "en"] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = "de";

/**
 * The texts a page speaks: its language and, in German, the tenant's form of address ("du" or
 * "Sie", from its configuration; "Sie" unless it says otherwise). English has one form.
 */
export type TextSet = "de-Sie" | "de-du" | "en";
export type FormOfAddress = "du" | "Sie";

export function textSetOf(locale: Locale, address: FormOfAddress | null | undefined): TextSet {
  if (locale === "en") return "en";
  return address === "du" ? "de-du" : "de-Sie";
}

const detector = new LanguageDetector({
  supportedLanguages: [...supportedLocales],
  fallbackLanguage: defaultLocale,
  order: ["header"],
});

export function isLocale(value: unknown): value is Locale {
  return (supportedLocales as readonly unknown[]).includes(value);
}

// Detection costs about 40 µs and runs for every loader of a page; browsers send few distinct
// headers, so the answer is remembered per header.
const remembered = new LRUCache<string, Locale>({ max: 1_000 });

/** The page's language; `chosen` is the visitor's choice from the language switch (its cookie), if any. */
export async function detectLocale(
  request: Request,
  chosen: Locale | null,
  offered: readonly Locale[] = supportedLocales,
): Promise<Locale> {
  // A language alternate link (`?lng=en`, SEO) names its language outright.
  const asked = new URL(request.url).searchParams.get("lng");
  if (isLocale(asked) && offered.includes(asked)) return asked;
  const detected = chosen ?? (await fromAcceptLanguage(request));
  return offered.includes(detected) ? detected : offered.includes(defaultLocale) ? defaultLocale : offered[0];
}

async function fromAcceptLanguage(request: Request): Promise<Locale> {
  const key = request.headers.get("Accept-Language") ?? "";
  const known = remembered.get(key);
  if (known) return known;
  const found = await detector.detect(request);
  const locale = isLocale(found) ? found : defaultLocale;
  remembered.set(key, locale);
  return locale;
}
