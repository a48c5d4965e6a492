// Each language's texts for the browser (German for what English lacks), as one JSON document named
// by its content, so the file can be cached for a year. Shared by the render (the URL) and the
// server that sends the file (server/page-texts.ts).
import { createHash } from "node:crypto";
import { resources } from "./config";
import { withFallback } from "./translate";

type Locale = keyof typeof resources;

function textsOf(locale: Locale) {
  const json = JSON.stringify(locale === "de" ? resources.de : withFallback(resources[locale], resources.de));
  return { json, url: `/texte/${locale}.${createHash("sha256").update(json).digest("hex").slice(0, 12)}.json` };
}

export const pageTexts: Record<Locale, { json: string; url: string }> = { de: textsOf("de"), en: textsOf("en") };
