import { describe, expect, it } from "vitest";
import { parentPageOf } from "./embedding";

const frameTenant = { ModuleIntegratedFrame: true, MandantUrl: "https://www.friday.example", EmpfehlenPath: "/freunde-werben" };

describe("the parent page of a frame tenant", () => {
  it("is the tenant's URL plus its recommend path", () => {
    expect(parentPageOf(frameTenant, "empfehlen.friday.example")?.href).toBe("https://www.friday.example/freunde-werben");
  });

  it("is none without the integrated frame, for the portal's own host, or for a broken URL", () => {
    expect(parentPageOf({ ...frameTenant, ModuleIntegratedFrame: false }, "empfehlen.friday.example")).toBeNull();
    expect(parentPageOf({ ...frameTenant, MandantUrl: "http://friday.localhost:3000" }, "friday.localhost")).toBeNull();
    expect(parentPageOf({ ...frameTenant, MandantUrl: "not a url" }, "friday.localhost")).toBeNull();
  });
});
