// One initialised i18next instance per language, made once at start-up and reused by every
// request: initialising i18next per request costs about a third of a page's CPU (docs/benchmarks.md).
import { createInstance, type i18n, type ResourceLanguage, type TFunction } from "i18next";
import type { TextSet } from "#bff/platform/locale.server";
import { pageTextSet } from "#bff/portal/request-context.server";
import type { Bff } from "#bff/portal/services.server";
import { remembered } from "../remembered";
import { i18nOptions, languageOfSet, textSets, textsOfSet } from "./config";
import { pageTexts } from "./page-texts.server";
import type { Texts } from "./translate";
import { type PageLanguage, pageLanguage } from "./use-translation";

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

/** An i18next instance holding one text set, in its language. */
function initialised(set: TextSet): i18n {
  const instance = createInstance();
  const lng = languageOfSet(set);
  void instance.init({ ...i18nOptions, lng, resources: { [lng]: textsOfSet(set) as ResourceLanguage } });
  rememberPlainLookups(instance);
  return instance;
}

const instances = Object.fromEntries(textSets.map((set) => [set, initialised(set)])) as Record<TextSet, i18n>;

/** What the page's components translate with, made once per text set (the texts never change at run time). */
const pageLanguages = Object.fromEntries(
  textSets.map((set) => [set, pageLanguage(languageOfSet(set), JSON.parse(pageTexts[set].json) as Texts, pageTexts[set].url)]),
) as Record<TextSet, PageLanguage>;

export function pageLanguageFor(set: TextSet) {
  return pageLanguages[set];
}

const fixedTs = new Map<string, TFunction>();

/** One `t` per text set and namespace, made on first use: forms' schemas are built once per `t`. */
export function fixedT(set: TextSet, namespace: "common" | "errors" | "validation" = "common") {
  return remembered(fixedTs, `${set}|${namespace}`, () => instances[set].getFixedT(languageOfSet(set), namespace));
}

/** Loader data of a page that only needs its title, in the request's language. */
export async function titleOnly(request: Request, bff: Bff, key: string) {
  return { title: fixedT(await pageTextSet(request, bff))(key) };
}
