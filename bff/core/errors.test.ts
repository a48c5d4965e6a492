import { describe, expect, it } from "vitest";
import { LegacyApiError, PortalError, UpstreamError, UpstreamUnavailableError } from "./errors";

describe("portal errors", () => {
  it("are recognised along their class chain", () => {
    const error = new LegacyApiError("login", 401, "PSOF0101", "wrongCredentials");
    expect(error).toBeInstanceOf(LegacyApiError);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toBeInstanceOf(PortalError);
    expect(error).not.toBeInstanceOf(UpstreamUnavailableError);
    expect(error.name).toBe("LegacyApiError");
  });

  it("does not match plain errors or other values", () => {
    expect(new Error("x")).not.toBeInstanceOf(UpstreamError);
    expect(null).not.toBeInstanceOf(UpstreamError);
  });
});
