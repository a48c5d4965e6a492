import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { userMessageKeys } from "../../bff/legacy/legacy-error-codes";
import de from "./locales/de.json";
import deDu from "./locales/de-du.json";
import en from "./locales/en.json";

function keys(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe("locale files", () => {
  it("have the same keys in German and English", () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
  });

  it("word the payout's timing one way: after the contract the usual four to six weeks, after the choice a transfer's four", () => {
    const texts = [de, deDu, en].flatMap((locale) => [...JSON.stringify(locale).matchAll(/"([^"]*)"/g)].map(([, text]) => text));
    const timings = texts.filter((text) => /\b(4|6) (Wochen|weeks)\b|\b3 (Monaten|months)\b/.test(text));
    expect(timings.length).toBeGreaterThan(10);
    const oneWay =
      /meist nach 4 bis 6 Wochen, spätestens nach 3 Monaten|usually after 4 to 6 weeks, at the latest after 3 months|spätestens 4 Wochen nach (Ihrer|deiner) Wahl|at the latest 4 weeks after your choice/;
    expect(timings.filter((text) => !oneWay.test(text))).toEqual([]);
  });

  /** Formal address: "Sie" (capitalised, not at a sentence's start after a colon, where it may be "she") and "Ihr…". */
  const FORMAL = /\b(Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b|(?<!^|[.:!?] )\bSie\b|^Sie (?!oder er)/;
  /** Texts only agency staff read, at work: they keep the formal address on every tenant. */
  const FORMAL_EVERYWHERE = /^(common\.agency\.|errors\.forbiddenForRole$)/;
  const textOf = (texts: unknown, key: string) =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);

  it("words for 'du' every German text that addresses the reader (agency texts aside), and only texts German has", () => {
    const informal = new Set(keys(deDu));
    expect([...informal].filter((key) => textOf(de, key) === undefined)).toEqual([]);
    const formalOnly = keys(de).filter(
      (key) => !FORMAL_EVERYWHERE.test(key) && FORMAL.test(JSON.stringify(textOf(de, key))) && !informal.has(key),
    );
    expect(formalOnly).toEqual([]);
    const stillFormal = [...informal].filter((key) => FORMAL.test(JSON.stringify(textOf(deDu, key))));
    expect(stillFormal).toEqual([]);
  });

  it("have a message for every legacy error in both languages", () => {
    for (const key of userMessageKeys) {
      expect(de.errors[key], key).toBeTruthy();
      expect(en.errors[key], key).toBeTruthy();
    }
  });
});

describe("the texts the code asks for", () => {
  /** Every literal key in a `t("…")` of app/, as `namespace:key` (the default namespace is common). */
  function keysAskedFor() {
    const files = readdirSync("app", { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => `app/${file}`);
    return files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\bt\(\s*"([\w.:-]+)"/g)].map(([, key]) => ({
        file,
        key: key.includes(":") ? key : `common:${key}`,
      })),
    );
  }
  const lookUp = (texts: unknown, path: string[]) =>
    path.reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), texts);

  it("exist in both languages (a missing one shows its raw key on the page)", () => {
    const asked = keysAskedFor();
    expect(asked.length).toBeGreaterThan(100);
    const missing = asked.filter(({ key }) => {
      const [namespace, rest] = key.split(":");
      const path = [namespace, ...rest.split(".")];
      return [de, en].some((texts) => {
        const last = path.at(-1)!;
        const plural = [`${last}_one`, `${last}_other`].some((form) => lookUp(texts, [...path.slice(0, -1), form]) !== undefined);
        return lookUp(texts, path) === undefined && !plural;
      });
    });
    expect(missing).toEqual([]);
  });
});
