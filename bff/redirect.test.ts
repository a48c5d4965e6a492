import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each(["/persoenlicherbereich", "/empfehlen/12?channel=mail", "/a#b"])("keeps the portal path %s", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each(["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "", null, undefined, "relative"])(
    "ignores %s",
    (target) => {
      expect(safeRedirect(target, "/home")).toBe("/home");
    },
  );
});
