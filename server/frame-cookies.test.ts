import { describe, expect, it } from "vitest";
import { forFrame } from "./frame-cookies";

describe("cookies of a framed tenant", () => {
  it("become SameSite=None, Secure and Partitioned, keeping every other attribute", () => {
    expect(forFrame("rp_session=abc; Max-Age=60; Path=/; HttpOnly; SameSite=Lax")).toBe(
      "rp_session=abc; Max-Age=60; Path=/; HttpOnly; SameSite=None; Secure; Partitioned",
    );
    expect(forFrame("__Host-rp_form=x; Path=/; HttpOnly; Secure; SameSite=Lax")).toBe(
      "__Host-rp_form=x; Path=/; HttpOnly; SameSite=None; Secure; Partitioned",
    );
  });
});
