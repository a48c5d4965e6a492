// CSV for spreadsheet programs (csv-stringify does the quoting): semicolons and a byte-order mark,
// as German Excel expects, and no cell that a spreadsheet would run as a formula.
import { stringify } from "csv-stringify/sync";

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell starting like a formula gets a leading apostrophe (CSV injection). */
export function neutralised(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return typeof value === "string" && FORMULA_START.test(text) ? `'${text}` : text;
}

export function toCsv(header: string[], rows: unknown[][]) {
  return `\uFEFF${stringify(
    [header, ...rows].map((row) => row.map(neutralised)),
    { delimiter: ";", record_delimiter: "\r\n" },
  )}`;
}
