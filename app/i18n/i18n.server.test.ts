import { describe, expect, it } from "vitest";
import { resources } from "./config";
import { fixedT, pageLanguageFor } from "./i18n.server";

describe("server translations", () => {
  it("translate in German and English, with and without interpolation", () => {
    expect(fixedT("de")("home_page.rewardsTitle")).toBe("Aktuelle Prämien");
    expect(fixedT("en")("home_page.rewardsTitle")).toBe("Current rewards");
    expect(fixedT("de", "validation")("required", { field: "Vorname" })).toBe("Vorname ist ein Pflichtfeld");
    expect(fixedT("de", "validation")("required", { field: "Name" })).toBe("Name ist ein Pflichtfeld");
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
    for (const locale of ["de", "en"] as const) {
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
});
