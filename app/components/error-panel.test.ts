import { describe, expect, it } from "vitest";
import { errorMessageOf, sameAddress } from "./error-panel";

describe("the error page's 'try again' address", () => {
  it("is the page's own address with its query", () => {
    expect(sameAddress({ pathname: "/agentur/auftraege", search: "?seite=2" })).toBe("/agentur/auftraege?seite=2");
  });

  it("never leads to another host", () => {
    expect(sameAddress({ pathname: "//evil.example/x", search: "" })).toBe("/evil.example/x");
    expect(sameAddress({ pathname: "/\\evil.example", search: "" })).toBe("/evil.example");
  });
});

describe("what a failed page says", () => {
  it("'not found' only for a page the portal does not have", () => {
    expect(errorMessageOf(404)).toBe("notFound");
  });

  it("a loader's upstream failure its own message, whatever its status (a backend's 404 too)", () => {
    expect(errorMessageOf(404, { messageKey: "technical" })).toBe("errors:technical");
    expect(errorMessageOf(503, { messageKey: "network" })).toBe("errors:network");
    expect(errorMessageOf(400, { messageKey: "invalidEmail" })).toBe("errors:invalidEmail");
  });

  it("otherwise by status: forbidden, try again in a moment, or a technical error", () => {
    expect(errorMessageOf(403)).toBe("errors:forbidden");
    expect(errorMessageOf(503)).toBe("errors:network");
    expect(errorMessageOf(500)).toBe("errors:technical");
  });
});
