// The page's texts in the browser without i18next (about 28 KB gzip with both languages' texts,
// more than a recipient page's whole budget after React and Remix, see docs/decisions/024):
// lookups by `namespace:dotted.key`, `{{name}}` interpolation, plurals by Intl.PluralRules,
// `returnObjects` and `defaultValue`, the subset of i18next the components use. Loaders and
// actions keep i18next on the server; the server render uses this too, so both sides agree.
export type Texts = Record<string, unknown>;

export type Translate = {
  (key: string, options: { returnObjects: true } & Record<string, unknown>): unknown;
  (key: string, options?: Record<string, unknown>): string;
};

const DEFAULT_NAMESPACE = "common";

function find(texts: Texts, key: string): unknown {
  const [namespace, path] = key.includes(":") ? key.split(/:(.*)/s, 2) : [DEFAULT_NAMESPACE, key];
  return path
    .split(".")
    .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Texts)[part] : undefined), texts[namespace]);
}

/** Each text set's lookups, remembered: a page asks for the same hundred keys on every render. */
const found = new WeakMap<Texts, Map<string, unknown>>();

function lookup(texts: Texts, key: string): unknown {
  let known = found.get(texts);
  if (!known) found.set(texts, (known = new Map()));
  if (!known.has(key)) known.set(key, find(texts, key));
  return known.get(key);
}

export function interpolate(text: string, values: Record<string, unknown>) {
  if (!text.includes("{{")) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}

export function createTranslate(texts: Texts, language: string): Translate {
  const plurals = new Intl.PluralRules(language);
  return ((key: string, options: Record<string, unknown> = {}) => {
    const count = typeof options.count === "number" ? options.count : undefined;
    const value =
      count === undefined
        ? lookup(texts, key)
        : (lookup(texts, `${key}_${plurals.select(count)}`) ?? lookup(texts, `${key}_other`) ?? lookup(texts, key));
    if (options.returnObjects && value !== undefined) return value;
    const text = typeof value === "string" ? value : typeof options.defaultValue === "string" ? options.defaultValue : key;
    return interpolate(text, options);
  }) as Translate;
}

/**
 * The tenant's own words over the portal's texts: a key it words itself (`home_page.howItWorks`) shows
 * its words, interpolated the same way; plurals and text lists stay the portal's.
 */
export function withTenantTexts(t: Translate, own: Record<string, string>): Translate {
  return ((key: string, options: Record<string, unknown> = {}) => {
    const text = own[key.replace(/^common:/, "")];
    if (text === undefined || options.returnObjects || options.count !== undefined) return t(key, options);
    return interpolate(text, options);
  }) as Translate;
}

/** A language's texts with the default language's for whatever it lacks. */
export function withFallback(texts: Texts, fallback: Texts): Texts {
  const merged: Texts = { ...fallback };
  for (const [name, value] of Object.entries(texts)) {
    const base = fallback[name];
    merged[name] =
      value && typeof value === "object" && base && typeof base === "object" && !Array.isArray(value)
        ? withFallback(value as Texts, base as Texts)
        : value;
  }
  return merged;
}
