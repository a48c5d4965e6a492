// One initialised i18next instance per language, made once at start-up and reused by every
// request: initialising i18next per request costs about a third of a page's CPU (STACK.md).
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Locale } from "#bff/locale.server";
import { i18nOptions } from "./config";

function initialised(lng: Locale): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({ ...i18nOptions, lng });
  return instance;
}

const instances: Record<Locale, i18n> = { de: initialised("de"), en: initialised("en") };

export function i18nFor(locale: Locale): i18n {
  return instances[locale];
}

export function fixedT(locale: Locale, namespace: "common" | "errors" | "validation" = "common") {
  return instances[locale].getFixedT(locale, namespace);
}
