import { describe, expect, it } from "vitest";
import { UpstreamUnavailableError } from "#bff/legacy/errors";
import { artworkSvg, categorySubject, pictureOrArtwork, productSubject, rewardSubject } from "./artwork.server";
import { themeColours } from "./theme";

const colours = themeColours("#b0005e");
const asset = (status: number, contentType: string, body = "<svg/>") => ({ status, contentType, body: Buffer.from(body) });

describe("the portal's own artwork", () => {
  it("shows what a product is: its telecom group, else a word of its name or external id", () => {
    expect(productSubject({ Name: "MagentaMobil M", Gruppe: "mobil" })).toBe("mobile");
    expect(productSubject({ Name: "Glasfaser 500", Gruppe: " glasfaser " })).toBe("fibre");
    expect(productSubject({ Name: "Kfz-Versicherung", ExterneId: "KFZ" })).toBe("car");
    expect(productSubject({ Name: "Privathaftpflicht", ExterneId: "PHV" })).toBe("liability");
    expect(productSubject({ Name: "Hausratversicherung" })).toBe("household");
    expect(productSubject({ Name: "Stromtarif Öko", AnzeigeName: "Ökostrom" })).toBe("power");
    expect(productSubject({ Name: "Etwas ganz anderes" })).toBe("referral");
    expect(productSubject(null)).toBe("referral");
    expect(categorySubject("Mobilfunk")).toBe("mobile");
    expect(categorySubject("Festnetz")).toBe("home");
    expect(rewardSubject("Ueberweisung")).toBe("cash");
    expect(rewardSubject("Gutschein")).toBe("voucher");
  });

  it("is an icon on a tint of the brand, in the brand's ink, at the size asked, with no text in it", () => {
    const svg = artworkSvg("car", colours, 320, 192);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="320" height="192" viewBox="0 0 320 192">/);
    expect(svg).toContain(`fill="${colours.brand}" fill-opacity="0.08"`);
    expect(svg).toContain(`stroke="${colours.brandInk}"`);
    expect(svg).not.toContain("<text");
    expect(artworkSvg("mobile", colours, 24, 24, true)).not.toContain("fill-opacity");
  });
});

describe("a picture through the portal", () => {
  const artwork = async () => artworkSvg("voucher", colours, 100, 100);

  it("is the backend's where it has one, as it came, unable to run anything", async () => {
    const response = await pictureOrArtwork(async () => asset(200, "image/png", "PNG"), artwork);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(await response.text()).toBe("PNG");
  });

  it.each([
    ["has none", async () => asset(404, "application/json", "{}")],
    ["answers with something that is no picture", async () => asset(200, "text/html", "<html>")],
    [
      "cannot be reached",
      async () => {
        throw new UpstreamUnavailableError("getRewardImage", "refused");
      },
    ],
  ])("is the portal's own where the backend %s", async (_, load) => {
    const response = await pictureOrArtwork(load, artwork);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=86400");
    expect(await response.text()).toBe(await artwork());
  });

  it("lets a fault of the portal's own through", async () => {
    await expect(pictureOrArtwork(() => Promise.reject(new TypeError("bug")), artwork)).rejects.toThrow("bug");
  });
});
