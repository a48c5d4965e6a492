import { describe, expect, it } from "vitest";
import { tenantConfigSchema } from "#bff/legacy/contract";
import { seedTenants } from "../simulators/legacy/seed";
import { contrastRatio, TEXT_DARK, themeColours, themeStyle, TINTED_SURFACE } from "./theme";

const WHITE = "#ffffff";

/** Text at 7:1 (WCAG 1.4.6, AAA) on the brand's surface and in the brand's ink on every light surface. */
function expectReadable(brand: string) {
  const { brand: surface, brandInk, onBrand } = themeColours(brand);
  expect(contrastRatio(onBrand, surface), `text on ${brand}`).toBeGreaterThanOrEqual(7);
  for (const light of [WHITE, "#f8fafc", TINTED_SURFACE])
    expect(contrastRatio(brandInk, light), `${brand}'s ink on ${light}`).toBeGreaterThanOrEqual(7);
}

describe("a tenant's colours", () => {
  it("computes WCAG's contrast ratio", () => {
    expect(contrastRatio(WHITE, "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", WHITE)).toBeCloseTo(4.48, 2);
    expect(contrastRatio(TEXT_DARK, WHITE)).toBeGreaterThan(17);
  });

  it("reads on every demo tenant's brand and on white", () => {
    const brands = Object.values(seedTenants()).map((tenant) => tenant.config.Farbe);
    expect(brands.length).toBe(4);
    for (const brand of brands) expectReadable(brand!);
  });

  it("reads whatever colour a tenant configures: light, mid and dark", () => {
    for (let value = 0; value <= 0xffffff; value += 0x0f0e0d) expectReadable(`#${value.toString(16).padStart(6, "0")}`);
    for (const brand of ["#ffffff", "#ffed00", "#ffd500", "#e20074", "#00ff00", "#000000", "#767676"]) expectReadable(brand);
  });

  it("keeps a brand that already reads as it is, and darkens one only as far as 7:1 needs", () => {
    expect(themeColours("#003781")).toEqual({ brand: "#003781", brandInk: "#003781", onBrand: WHITE });
    expect(themeColours("#ffed00")).toMatchObject({ brand: "#ffed00", onBrand: TEXT_DARK });
    // telekom's magenta: 6.98:1 with white, so two per cent darker for its header and buttons.
    const telekom = themeColours("#b0005e");
    expect(contrastRatio(WHITE, "#b0005e")).toBeLessThan(7);
    expect(telekom.onBrand).toBe(WHITE);
    expect(telekom.brand).toBe("#ac005c");
  });
});

describe("a tenant's font", () => {
  it("is its configured stack, else the system's", () => {
    const colours = themeColours("#003781");
    expect(themeStyle(colours, "Allianz Neo, Arial, sans-serif")).toContain("--font-sans:Allianz Neo, Arial, sans-serif}");
    expect(themeStyle(colours, null)).not.toContain("--font-sans");
  });

  it("is refused where it could leave its declaration", () => {
    const fontStack = tenantConfigSchema.shape.Schriftart;
    expect(fontStack.safeParse("Georgia, serif").success).toBe(true);
    for (const hostile of ["Arial;}body{display:none", "Arial</style><script>", "url(https://x.example/f.woff)", '"Arial'])
      expect(fontStack.safeParse(hostile).success, hostile).toBe(false);
  });
});
