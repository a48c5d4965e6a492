import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isPublishedSecret } from "./published-secrets";

/** A quoted value of 32 characters or more with "secret" in it, or given to SESSION_SECRET or createSealer. */
const SECRET_LIKE = [
  /["'`]([\w.~+/=-]*secret[\w.~+/=-]*)["'`]/gi,
  /SESSION_SECRET"?\s*[:=]\s*["'`]([^"'`$\s]+)["'`]/g,
  /createSealer\(\[\s*["'`]([^"'`$]+)["'`]/g,
];
/** A file's name, as the docs quote them (`bff/platform/published-secrets.ts`): no key. */
const FILE_NAME = /\.(ts|tsx|js|mjs|json|md|sh|yml)$/;
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|yml|yaml|conf|sh|env|example)$|Dockerfile$/;

function secretLikeValues() {
  const files = execFileSync("git", ["ls-files"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => TEXT_FILE.test(file) && file !== "package-lock.json");
  const found = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const pattern of SECRET_LIKE)
      for (const [, value] of text.matchAll(pattern)) if (value.length >= 32 && !FILE_NAME.test(value)) found.add(value);
  }
  return [...found];
}

describe("published secrets", () => {
  it("every secret-like value in the repository is on the list the start refuses", () => {
    const values = secretLikeValues();
    expect(values.length).toBeGreaterThan(5);
    expect(values.filter((value) => !isPublishedSecret(value))).toEqual([]);
  });

  it("the demo's fallback is on it, with or without spaces around it; a key of one's own is not", () => {
    expect(isPublishedSecret(" dev-only-session-secret-change-me-0123456789 ")).toBe(true);
    expect(isPublishedSecret("a-key-of-ones-own-from-openssl-rand-base64-48")).toBe(false);
  });
});
