import { describe, expect, it } from "vitest";
import { detectLocale } from "./locale.server";

const request = (headers: Record<string, string>, url = "http://standard.localhost/") => new Request(url, { headers });

describe("page language", () => {
  it("is German by default", async () => {
    expect(await detectLocale(request({}), null)).toBe("de");
  });

  it("follows Accept-Language", async () => {
    expect(await detectLocale(request({ "Accept-Language": "en-GB,en;q=0.9" }), null)).toBe("en");
    expect(await detectLocale(request({ "Accept-Language": "fr-FR" }), null)).toBe("de");
  });

  it("prefers the visitor's choice over Accept-Language, every time, and a language alternate over both", async () => {
    const english = { "Accept-Language": "en-GB" };
    expect(await detectLocale(request(english), "de")).toBe("de");
    expect(await detectLocale(request(english), "de")).toBe("de");
    expect(await detectLocale(request(english), null)).toBe("en");
    expect(await detectLocale(request(english, "http://standard.localhost/?lng=en"), "de")).toBe("en");
  });

  it("is one the tenant offers", async () => {
    expect(await detectLocale(request({ "Accept-Language": "en" }), "en", ["de"])).toBe("de");
  });
});
