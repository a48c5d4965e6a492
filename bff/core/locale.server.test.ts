import { describe, expect, it } from "vitest";
import { detectLocale } from "./locale.server";

const request = (headers: Record<string, string>) => new Request("http://standard.localhost/", { headers });

describe("page language", () => {
  it("is German by default", async () => {
    expect(await detectLocale(request({}))).toBe("de");
  });

  it("follows Accept-Language", async () => {
    expect(await detectLocale(request({ "Accept-Language": "en-GB,en;q=0.9" }))).toBe("en");
    expect(await detectLocale(request({ "Accept-Language": "fr-FR" }))).toBe("de");
  });

  it("prefers the lng cookie over Accept-Language, every time", async () => {
    const headers = { "Accept-Language": "en-GB", Cookie: `lng=${Buffer.from(JSON.stringify("de")).toString("base64")}` };
    expect(await detectLocale(request(headers))).toBe("de");
    expect(await detectLocale(request(headers))).toBe("de");
    expect(await detectLocale(request({ "Accept-Language": "en-GB" }))).toBe("en");
  });
});
