// One initialised i18next instance per language, made once at start-up and reused by every
// request: initialising i18next per request costs about a third of a page's CPU (docs/benchmarks.md).
import { createInstance, type i18n, type ResourceLanguage, type TFunction } from "i18next";
import type { TextSet } from "#bff/platform/locale.server";
import { pageTextSet } from "#bff/portal/request-context.server";
import type { Bff } from "#bff/portal/services.server";
import { remembered } from "../remembered";
import { i18nOptions, languageOfSet, textSets, textsOfSet } from "./config";
import { pageTexts } from "./page-texts.server";
import { interpolate, type Texts } from "./translate";
import { type PageLanguage, pageLanguage } from "./use-translation";

const FIXED_T_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);
/** Options that make i18next choose another text (or treat the values otherwise), never filled in. */
const CHOOSING_OPTIONS = new Set(["count", "context", "defaultValue", "ordinal", "replace"]);

/** A text's placeholders where every one is a plain `{{name}}`; null for anything else (formats, nesting). */
function plainPlaceholders(text: unknown): Set<string> | null {
  if (typeof text !== "string" || text.includes("$t(")) return null;
  const names = new Set<string>();
  for (const [, inner] of text.matchAll(/\{\{(.+?)\}\}/g)) {
    if (!/^\w+$/.test(inner.trim())) return null;
    names.add(inner.trim());
  }
  return names;
}

/** A value i18next puts in as it is written (one that holds a placeholder would be filled in again). */
const isLiteral = (value: unknown) => typeof value === "number" || (typeof value === "string" && !value.includes("{{"));

/**
 * The texts never change at run time, so each text is looked up once: i18next's translate costs about
 * 15 µs a call, and a page makes dozens. A text whose placeholders are all plain `{{name}}`s is filled in
 * here, as i18next would; every other call (plurals, contexts, formats, lists) goes to i18next.
 */
function rememberLookups(instance: i18n) {
  const translate = instance.t.bind(instance) as (key: unknown, options?: Record<string, unknown>) => unknown;
  const texts = new Map<string, { text: unknown; placeholders: Set<string> | null }>();
  instance.t = ((key: unknown, options?: Record<string, unknown>) => {
    if (typeof key !== "string") return translate(key, options);
    const fixed: Record<string, unknown> = {};
    const values: Record<string, unknown> = Object.create(null);
    for (const [name, value] of Object.entries(options ?? {}))
      if (value !== undefined) (FIXED_T_OPTIONS.has(name) ? fixed : values)[name] = value;
    const id = `${String(fixed.ns ?? "")}|${String(fixed.keyPrefix ?? "")}|${key}`;
    const { text, placeholders } = remembered(texts, id, () => {
      const found = translate(key, fixed);
      return { text: found, placeholders: plainPlaceholders(found) };
    });
    const names = Object.keys(values);
    if (names.length === 0) return text;
    const fillable = names.every((name) => !CHOOSING_OPTIONS.has(name) && placeholders?.has(name) && isLiteral(values[name]));
    if (!fillable) return translate(key, options);
    return interpolate(text as string, values);
  }) as i18n["t"];
}

/** An i18next instance holding one text set, in its language. */
function initialised(set: TextSet): i18n {
  const instance = createInstance();
  const lng = languageOfSet(set);
  void instance.init({ ...i18nOptions, lng, resources: { [lng]: textsOfSet(set) as ResourceLanguage } });
  rememberLookups(instance);
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
export async function titleOnly(request: Request, { bff, deadlineAt }: { bff: Bff; deadlineAt?: number }, key: string) {
  return { title: fixedT(await pageTextSet(request, bff, deadlineAt))(key) };
}
