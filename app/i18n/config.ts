// i18next settings and the texts of each text set (server only: the browser fetches its set as
// JSON, app/i18n/page-texts.server.ts). Every text lives in locales/*.json.
import type { InitOptions } from "i18next";
import type { TextSet } from "#bff/platform/locale.server";
import de from "./locales/de.json";
import deDu from "./locales/de-du.json";
import en from "./locales/en.json";
import { type Texts, withFallback } from "./translate";

export const resources = { de, en } as const;

/**
 * Every text of a set: English and informal German take the formal German text for whatever they lack
 * (de-du.json holds only the German texts that address the reader, in the "du" form: docs/decisions/050).
 */
export function textsOfSet(set: TextSet): Texts {
  if (set === "de-Sie") return resources.de;
  return withFallback(set === "en" ? resources.en : deDu, resources.de);
}

export const languageOfSet = (set: TextSet) => (set === "en" ? "en" : "de");

export const textSets: TextSet[] = ["de-Sie", "de-du", "en"];

export const i18nOptions = {
  supportedLngs: ["de", "en"],
  fallbackLng: "de",
  defaultNS: "common",
  ns: ["common", "errors", "validation"],
  interpolation: { escapeValue: false },
  initImmediate: false,
  resources,
} satisfies InitOptions;
