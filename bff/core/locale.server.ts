// The page language, among those the tenant offers: `?lng=` first (the language alternates of a
// page), then the `lng` cookie, then Accept-Language, else German (or the tenant's first language).
import { createCookie } from "@remix-run/node";
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

// Secure in production like every other cookie (npm start sets NODE_ENV before this module loads).
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: process.env.NODE_ENV === "production",
  maxAge: 60 * 60 * 24 * 365,
});

const detector = new LanguageDetector({
  supportedLanguages: [...supportedLocales],
  fallbackLanguage: defaultLocale,
  cookie: localeCookie,
  order: ["cookie", "header"],
});

export function isLocale(value: unknown): value is Locale {
  return (supportedLocales as readonly unknown[]).includes(value);
}

// Detection costs about 40 µs and runs for every loader of a page; browsers send few distinct
// header pairs, so the answer is remembered per pair.
const remembered = new LRUCache<string, Locale>({ max: 1_000 });
const LNG_COOKIE = /(?:^|;\s*)lng=([^;]*)/;

export async function detectLocale(request: Request, offered: readonly Locale[] = supportedLocales): Promise<Locale> {
  // A language alternate link (`?lng=en`, SEO) names its language outright.
  const asked = new URL(request.url).searchParams.get("lng");
  if (isLocale(asked) && offered.includes(asked)) return asked;
  const detected = await detectedLocale(request);
  return offered.includes(detected) ? detected : offered.includes(defaultLocale) ? defaultLocale : offered[0];
}

/** The language this browser's visitor chose with the language switch (its cookie), if any. */
export async function chosenLocale(request: Pick<Request, "headers">): Promise<Locale | null> {
  const chosen: unknown = await localeCookie.parse(request.headers.get("Cookie"));
  return isLocale(chosen) ? chosen : null;
}

async function detectedLocale(request: Request): Promise<Locale> {
  const cookieValue = LNG_COOKIE.exec(request.headers.get("Cookie") ?? "")?.[1] ?? "";
  const key = `${cookieValue}\n${request.headers.get("Accept-Language") ?? ""}`;
  const known = remembered.get(key);
  if (known) return known;
  const found = await detector.detect(request);
  const locale = isLocale(found) ? found : defaultLocale;
  remembered.set(key, locale);
  return locale;
}
