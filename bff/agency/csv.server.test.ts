import { describe, expect, it } from "vitest";
import { neutralised, toCsv } from "./csv.server";

describe("CSV export", () => {
  it("quotes what needs quoting, with semicolons and a byte-order mark", () => {
    expect(
      toCsv(
        ["Name", "Betrag"],
        [
          ["Müller; Anna", 12.5],
          ['Sie sagt "ja"', null],
        ],
      ),
    ).toBe('\uFEFFName;Betrag\r\n"Müller; Anna";12.5\r\n"Sie sagt ""ja""";\r\n');
  });

  it("keeps a spreadsheet from running a cell as a formula", () => {
    expect(neutralised('=HYPERLINK("http://evil")')).toBe('\'=HYPERLINK("http://evil")');
    expect(neutralised("+49 30 123")).toBe("'+49 30 123");
    expect(neutralised(-5)).toBe("-5");
    expect(neutralised("Anna")).toBe("Anna");
  });
});
