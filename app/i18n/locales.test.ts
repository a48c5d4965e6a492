import { describe, expect, it } from "vitest";
import { userMessageKeys } from "../../bff/core/legacy-error-codes";
import de from "./locales/de.json";
import en from "./locales/en.json";

function keys(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe("locale files", () => {
  it("have the same keys in German and English", () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
  });

  it("have a message for every legacy error in both languages", () => {
    for (const key of userMessageKeys) {
      expect(de.errors[key], key).toBeTruthy();
      expect(en.errors[key], key).toBeTruthy();
    }
  });
});
