// i18next settings shared by the server and the browser. Every text lives in locales/*.json.
import type { InitOptions } from "i18next";
import de from "./locales/de.json";
import en from "./locales/en.json";

export const resources = { de, en } as const;

export const i18nOptions = {
  supportedLngs: ["de", "en"],
  fallbackLng: "de",
  defaultNS: "common",
  ns: ["common", "errors", "validation"],
  interpolation: { escapeValue: false },
  initImmediate: false,
  resources,
} satisfies InitOptions;
