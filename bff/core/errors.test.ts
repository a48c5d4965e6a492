import { describe, expect, it, vi } from "vitest";
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

  it("are recognised when made by another copy of the module (server and Remix build)", async () => {
    vi.resetModules();
    const copy = await import("./errors");
    expect(copy.LegacyApiError).not.toBe(LegacyApiError);
    const fromCopy = new copy.LegacyApiError("login", 404, "PSOF0219", "recommendationNotPossible");
    expect(fromCopy).toBeInstanceOf(LegacyApiError);
    expect(fromCopy).toBeInstanceOf(UpstreamError);
    expect(fromCopy).not.toBeInstanceOf(UpstreamUnavailableError);
  });

  it("does not match plain errors or other values", () => {
    expect(new Error("x")).not.toBeInstanceOf(UpstreamError);
    expect(null).not.toBeInstanceOf(UpstreamError);
  });
});
