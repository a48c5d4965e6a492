import { parse } from "csv-parse/sync";
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

describe("CSV export read back by a CSV reader", () => {
  const hostile = [
    "Anna\n=1+1*CHAR(65)",
    "Bernd\r\n@SUM(A1:A9)",
    "\t=cmd|' /C calc'!A0",
    "\r=1+1",
    "-2+3",
    "+49 30 123",
    '=HYPERLINK("http://evil")',
    "Zeile 1\n\nZeile 3\n-minus",
    "Müller; Anna",
  ];

  it("gives back every row, and no cell or line in a cell that starts like a formula", () => {
    const rows = hostile.map((text, index) => [index, text]);
    const records = parse(toCsv(["Nr", "Text"], rows), { delimiter: ";", bom: true, relax_column_count: false }) as string[][];
    expect(records).toHaveLength(rows.length + 1);
    expect(records[0]).toEqual(["Nr", "Text"]);
    for (const [index, record] of records.slice(1).entries()) {
      expect(record, hostile[index]).toHaveLength(2);
      expect(record[0]).toBe(String(index));
      for (const line of record[1].split(/\r\n|\n|\r/)) expect(line, JSON.stringify(hostile[index])).not.toMatch(/^[=+\-@\t\r]/);
      // What was written is all there, behind the apostrophes.
      expect(record[1].replace(/(?<=^|[\r\n])'/g, "")).toBe(hostile[index]);
    }
  });

  it("quotes every cell that holds a line break, a bare one too", () => {
    expect(toCsv(["a"], [["x\ny"], ["x\ry"]])).toBe('\uFEFFa\r\n"x\ny"\r\n"x\ry"\r\n');
  });
});
