import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createSealer } from "../platform/seal.server";
import { createPageSeal } from "./page-seal.server";

const sealer = createSealer(["page-seal-test-secret-0123456789-0123456789"]);
const schema = z.object({ email: z.string() });
let clock = 1_000_000;
const seal = createPageSeal(sealer, "recipient-data", schema, { maxAgeMs: 60_000, now: () => clock });
const page = { url: "http://telekom.localhost/empfaengerdaten/TK-1" };

describe("a page's sealed field", () => {
  it("opens to what the page sealed, unreadable on the way", () => {
    const value = seal.seal(page, { email: "anna@example.org" });
    expect(value).not.toContain("anna");
    expect(seal.open(page, value)).toEqual({ email: "anna@example.org" });
  });

  it("reads as absent on another host, for another form, changed, missing or too old", () => {
    const value = seal.seal(page, { email: "anna@example.org" });
    const otherForm = createPageSeal(sealer, "recommend", schema, { maxAgeMs: 60_000, now: () => clock });
    expect(seal.open({ url: "http://allianz.localhost/empfaengerdaten/TK-1" }, value)).toBeNull();
    expect(otherForm.open(page, value)).toBeNull();
    expect(seal.open(page, `${value.slice(0, -2)}AA`)).toBeNull();
    expect(seal.open(page, null)).toBeNull();
    clock += 60_001;
    expect(seal.open(page, value)).toBeNull();
  });
});
