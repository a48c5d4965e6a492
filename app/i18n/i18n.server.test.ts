import { describe, expect, it } from "vitest";
import { fixedT, i18nFor } from "./i18n.server";

describe("server translations", () => {
  it("translate in German and English, with and without interpolation", () => {
    expect(fixedT("de")("home_page.rewardsTitle")).toBe("Aktuelle Prämien");
    expect(fixedT("en")("home_page.rewardsTitle")).toBe("Current rewards");
    expect(fixedT("de", "validation")("required", { field: "Vorname" })).toBe("Vorname ist ein Pflichtfeld");
    expect(fixedT("de", "validation")("required", { field: "Name" })).toBe("Name ist ein Pflichtfeld");
  });

  it("give the same answers when a lookup is remembered", () => {
    const t = i18nFor("en").getFixedT("en", "common");
    expect(t("notFound.title")).toBe(t("notFound.title"));
    expect(t("errors:network")).toBe("The connection is disturbed right now. Please try again in a moment.");
    expect(t("home_page.steps", { returnObjects: true })).toHaveLength(3);
  });
});
