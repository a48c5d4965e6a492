// One initialised i18next instance per language, made once at start-up and reused by every
// request: initialising i18next per request costs about a third of a page's CPU (docs/benchmarks.md).
import { createInstance, type i18n, type TFunction } from "i18next";
import type { Locale } from "#bff/core/locale.server";
import { pageLocale } from "#bff/core/request-context.server";
import type { Bff } from "#bff/core/services.server";
import { remembered } from "../remembered";
import { i18nOptions } from "./config";
import { pageTexts } from "./page-texts.server";
import { pageLanguage } from "./use-translation";

const FIXED_T_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);

/**
 * The texts never change at run time, so a lookup without interpolation or other options
 * is remembered: i18next's translate costs about 15 µs a call, and a page makes dozens.
 */
function rememberPlainLookups(instance: i18n) {
  const translate = instance.t.bind(instance) as (key: unknown, options?: Record<string, unknown>) => unknown;
  const remembered = new Map<string, unknown>();
  instance.t = ((key: unknown, options?: Record<string, unknown>) => {
    const plain =
      typeof key === "string" && Object.entries(options ?? {}).every(([name, value]) => value === undefined || FIXED_T_OPTIONS.has(name));
    if (!plain) return translate(key, options);
    const id = `${String(options?.ns ?? "")}|${String(options?.keyPrefix ?? "")}|${key}`;
    if (!remembered.has(id)) remembered.set(id, translate(key, options));
    return remembered.get(id);
  }) as i18n["t"];
}

function initialised(lng: Locale): i18n {
  const instance = createInstance();
  void instance.init({ ...i18nOptions, lng });
  rememberPlainLookups(instance);
  return instance;
}

const instances: Record<Locale, i18n> = { de: initialised("de"), en: initialised("en") };

/** What the page's components translate with, made once per language (the texts never change at run time). */
const pageLanguages = {
  de: pageLanguage("de", JSON.parse(pageTexts.de.json), pageTexts.de.url),
  en: pageLanguage("en", JSON.parse(pageTexts.en.json), pageTexts.en.url),
};

export function pageLanguageFor(locale: Locale) {
  return pageLanguages[locale];
}

const fixedTs = new Map<string, TFunction>();

/** One `t` per language and namespace, made on first use: forms' schemas are built once per `t`. */
export function fixedT(locale: Locale, namespace: "common" | "errors" | "validation" = "common") {
  return remembered(fixedTs, `${locale}|${namespace}`, () => instances[locale].getFixedT(locale, namespace));
}

/** Loader data of a page that only needs its title, in the request's language. */
export async function titleOnly(request: Request, bff: Bff, key: string) {
  return { title: fixedT(await pageLocale(request, bff))(key) };
}
