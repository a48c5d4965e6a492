// Pages must stay small: no zod (STACK.md, gotcha 6) and no server-only library in any browser chunk.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith(".js") ? [join(dir, entry.name)] : [],
  );
}

test("no browser chunk carries zod", () => {
  const chunks = files("public/build");
  expect(chunks.length).toBeGreaterThan(5);
  expect(chunks.filter((file) => /ZodError|\$ZodType/.test(readFileSync(file, "utf8")))).toEqual([]);
});

test("no browser chunk carries the QR code library (codes are drawn on the server)", () => {
  expect(files("public/build").filter((file) => /errorCorrectionLevel|toSJIS/.test(readFileSync(file, "utf8")))).toEqual([]);
});
