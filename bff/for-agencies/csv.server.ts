// CSV for spreadsheet programs (csv-stringify does the quoting): semicolons and a byte-order mark,
// as German Excel expects, and no cell that a spreadsheet would run as a formula (OWASP, CSV
// injection): every cell holding a line break is quoted, and neither a cell nor any line inside one
// starts with `=`, `+`, `-`, `@`, a tab or a carriage return.
import { stringify } from "csv-stringify/sync";

/** Where a cell, or a line inside one (after CR, LF or both), starts with what a spreadsheet may read as a formula. */
const FORMULA_STARTS = /(?<=^|[\r\n])(?=[=+\-@\t\r])/g;

/** A text cell, and each line in it, starting like a formula gets a leading apostrophe. */
export function neutralised(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return typeof value === "string" ? text.replace(FORMULA_STARTS, "'") : text;
}

export function toCsv(header: string[], rows: unknown[][]) {
  return `\uFEFF${stringify(
    [header, ...rows].map((row) => row.map(neutralised)),
    { delimiter: ";", record_delimiter: "\r\n", quoted_match: /[\r\n]/ },
  )}`;
}
