import { describe, expect, it } from "vitest";
import { createTranslate, withTenantTexts } from "./translate";

describe("the tenant's own texts", () => {
  const portal = createTranslate(
    { common: { greeting: "Hallo {{name}}", steps: ["a", "b"], item_one: "ein Eintrag", item_other: "{{count}} Einträge" } },
    "de",
  );
  const t = withTenantTexts(portal, { greeting: "Moin {{name}}", steps: "x", item: "y" });

  it("come before the portal's, interpolated the same way, with or without the namespace", () => {
    expect(t("greeting", { name: "Anna" })).toBe("Moin Anna");
    expect(t("common:greeting", { name: "Anna" })).toBe("Moin Anna");
  });

  it("leave text lists and plurals to the portal", () => {
    expect(t("steps", { returnObjects: true })).toEqual(["a", "b"]);
    expect(t("item", { count: 2 })).toBe("2 Einträge");
  });
});
