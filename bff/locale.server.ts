// The page language: the `lng` cookie first, then Accept-Language, else German.
import { createCookie } from "@remix-run/node";
import { LanguageDetector } from "remix-i18next/server";

export const supportedLocales = ["de", "en"] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = "de";

export const localeCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

const detector = new LanguageDetector({
  supportedLanguages: [...supportedLocales],
  fallbackLanguage: defaultLocale,
  cookie: localeCookie,
  order: ["cookie", "header"],
});

export function isLocale(value: unknown): value is Locale {
  return (supportedLocales as readonly unknown[]).includes(value);
}

export async function detectLocale(request: Request): Promise<Locale> {
  const found = await detector.detect(request);
  return isLocale(found) ? found : defaultLocale;
}
