import { describe, expect, it } from "vitest";
import { hyphenated } from "./hyphenate.server";

describe("hyphenated names", () => {
  it("put soft hyphens at German syllables of long words, and only there", () => {
    expect(hyphenated("Hausratversicherung")).toBe("Haus\u00adrat\u00adver\u00adsi\u00adche\u00adrung");
    expect(hyphenated("Privathaftpflicht")).toContain("\u00ad");
    expect(hyphenated("Data M")).toBe("Data M");
  });
  it("leave the text the same once the soft hyphens are taken out", () => {
    for (const name of ["Kfz-Versicherung", "MagentaZuhause Hybrid", "Glasfaser 500", "Homepage & Shop Basic", "Teilnahmebedingungen"]) {
      expect(hyphenated(name).replaceAll("\u00ad", "")).toBe(name);
    }
  });
});
