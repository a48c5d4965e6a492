import { describe, expect, it } from "vitest";
import { sameAddress } from "./error-panel";

describe("the error page's 'try again' address", () => {
  it("is the page's own address with its query", () => {
    expect(sameAddress({ pathname: "/agentur/auftraege", search: "?seite=2" })).toBe("/agentur/auftraege?seite=2");
  });

  it("never leads to another host", () => {
    expect(sameAddress({ pathname: "//evil.example/x", search: "" })).toBe("/evil.example/x");
    expect(sameAddress({ pathname: "/\\evil.example", search: "" })).toBe("/evil.example");
  });
});
