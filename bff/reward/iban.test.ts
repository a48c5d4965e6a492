import { describe, expect, it } from "vitest";
import { isValidIban } from "./iban";

describe("IBAN (ISO 13616)", () => {
  it("accepts a valid German IBAN, with spaces and in lower case", () => {
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("de89 3704 0044 0532 0130 00", { germanOnly: true })).toBe(true);
  });
  it("refuses wrong check digits", () => {
    expect(isValidIban("DE88370400440532013000")).toBe(false);
  });
  it("refuses a foreign IBAN when only German ones are allowed", () => {
    expect(isValidIban("AT611904300234573201")).toBe(true);
    expect(isValidIban("AT611904300234573201", { germanOnly: true })).toBe(false);
  });
  it("refuses the wrong length and garbage", () => {
    expect(isValidIban("DE8937040044053201300")).toBe(false);
    expect(isValidIban("<script>")).toBe(false);
    expect(isValidIban("")).toBe(false);
  });
  it("knows every country's length and format, not only a table of eleven", () => {
    for (const iban of ["NO9386011117947", "MT84MALT011000012345MTLCAST001S", "GB82WEST12345698765432", "XK051212012345678906"])
      expect(isValidIban(iban), iban).toBe(true);
    // Right check digits, wrong for the country: Norway's IBAN has 15 characters, a British bank code four letters.
    expect(isValidIban("NO37860111179470")).toBe(false);
    expect(isValidIban("GB15W3ST12345698765432")).toBe(false);
  });
});
