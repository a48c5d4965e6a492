import { createInstance, type ResourceLanguage } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nOptions, languageOfSet, resources, textSets, textsOfSet } from "./config";
import { fixedT, pageLanguageFor } from "./i18n.server";

describe("server translations", () => {
  it("translate in German and English, with and without interpolation", () => {
    expect(fixedT("de-Sie")("home_page.rewardsTitle")).toBe("Aktuelle Prämien");
    expect(fixedT("en")("home_page.rewardsTitle")).toBe("Current rewards");
    expect(fixedT("de-Sie", "validation")("required", { field: "Vorname" })).toBe("Vorname ist ein Pflichtfeld");
    expect(fixedT("de-Sie", "validation")("required", { field: "Name" })).toBe("Name ist ein Pflichtfeld");
  });

  it("speak to the reader as 'du' in the informal German set, and share every other text with the formal one", () => {
    expect(fixedT("de-du")("home_page.haveCode")).toBe("Du hast einen Empfehlungscode erhalten?");
    expect(fixedT("de-Sie")("home_page.haveCode")).toBe("Sie haben einen Empfehlungscode erhalten?");
    expect(fixedT("de-du", "errors")("network")).toBe("Die Verbindung ist gerade gestört. Bitte versuche es in einem Moment noch einmal.");
    expect(fixedT("de-du")("home_page.rewardsTitle")).toBe("Aktuelle Prämien");
    expect(fixedT("de-du")("form.checkFields", { count: 2 })).toBe("Bitte prüfe die 2 markierten Angaben.");
    expect(pageLanguageFor("de-du").language).toBe("de");
  });

  it("give the same answers when a lookup is remembered", () => {
    const t = fixedT("en");
    expect(t("notFound.title")).toBe(t("notFound.title"));
    expect(t("errors:network")).toBe("The connection is disturbed right now. Please try again in a moment.");
    expect(t("home_page.steps", { returnObjects: true })).toHaveLength(3);
  });

  it("the components' translator gives i18next's answer for every text, in both languages", () => {
    const keys = (node: unknown, prefix: string): string[] =>
      node && typeof node === "object" && !Array.isArray(node)
        ? Object.entries(node).flatMap(([name, child]) => keys(child, prefix ? `${prefix}.${name}` : name))
        : [prefix];
    const values = { name: "Anna", product: "Kfz", number: "AZ-1", email: "a@b.example", field: "Vorname", language: "English" };
    for (const locale of ["de-Sie", "de-du", "en"] as const) {
      const { t } = pageLanguageFor(locale);
      for (const namespace of ["common", "errors", "validation"] as const) {
        const reference = fixedT(locale, namespace);
        for (const key of keys(resources.de[namespace], "").map((key) => key.replace(/_(one|other)$/, ""))) {
          const prefixed = namespace === "common" ? key : `${namespace}:${key}`;
          const list = Array.isArray(
            key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources.de[namespace]),
          );
          const variants = list ? [{ returnObjects: true as const }] : [values, { ...values, count: 1 }, { ...values, count: 3 }];
          for (const options of variants) {
            expect(t(prefixed, options), `${locale} ${prefixed}`).toEqual(reference(key, options));
          }
        }
      }
    }
  });

  it("fill in every text with values as i18next itself does, the values written as they are", async () => {
    const textsOf = (node: unknown, prefix: string): [string, string][] =>
      typeof node === "string"
        ? [[prefix, node]]
        : node && typeof node === "object" && !Array.isArray(node)
          ? Object.entries(node).flatMap(([name, child]) => textsOf(child, prefix ? `${prefix}.${name}` : name))
          : [];
    // Values as a user might type them: with replacement patterns, numbers, and another placeholder.
    const valueSets = [
      (name: string) => `${name} A$&B $1`,
      (name: string) => name.length,
      (_: string, index: number, names: string[]) => `{{${names[(index + 1) % names.length]}}}`,
    ];
    for (const set of textSets) {
      const reference = createInstance();
      const lng = languageOfSet(set);
      await reference.init({ ...i18nOptions, lng, resources: { [lng]: textsOfSet(set) as ResourceLanguage } });
      for (const namespace of ["common", "errors", "validation"] as const) {
        const withPlaceholders = textsOf(textsOfSet(set)[namespace], "").filter(([, text]) => text.includes("{{"));
        expect(withPlaceholders.length, `${set} ${namespace}`).toBeGreaterThan(0);
        for (const [key, text] of withPlaceholders) {
          const names = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map(([, name]) => name);
          for (const valueOf of valueSets) {
            const options = Object.fromEntries(names.map((name, index) => [name, valueOf(name, index, names)]));
            expect(fixedT(set, namespace)(key, options), `${set} ${namespace}:${key}`).toBe(
              reference.getFixedT(lng, namespace)(key, options),
            );
          }
          expect(fixedT(set, namespace)(key, { unused: "x" })).toBe(reference.getFixedT(lng, namespace)(key, { unused: "x" }));
        }
      }
    }
  });
});
