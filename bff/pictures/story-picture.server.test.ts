import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { STORY_SIZE, type StoryPicture, storyPicturePng, storyPictureSvg } from "./story-picture.server";
import { wrapWords } from "./svg-text.server";

const story: StoryPicture = {
  colours: { brand: "#2d2a6e", onBrand: "#ffffff" },
  programme: "FRIDAY Versicherung – Freunde werben",
  lead: "Ich empfehle dir",
  product: "Kfz-Versicherung",
  reward: "35 € Prämie für dich",
  link: "https://friday.example/e/FR-100003?channel=story",
  callToAction: "Code scannen oder Link öffnen",
};

/** The PNG's width and height, from its header. */
const sizeOf = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe("the story picture", () => {
  it("is a 9:16 PNG of 1080 × 1920 px in the tenant's colour", async () => {
    const png = await storyPicturePng(story);
    expect(sizeOf(png)).toEqual(STORY_SIZE);
    const pixels = new Resvg(await storyPictureSvg(story)).render().pixels;
    expect([...pixels.subarray(0, 3)]).toEqual([0x2d, 0x2a, 0x6e]);
  });

  it("names the product, the friend's reward and the link, with the tenant's own text escaped", async () => {
    const svg = await storyPictureSvg({ ...story, programme: "Müller & <Söhne>" });
    expect(svg).toContain("Kfz-Versicherung");
    expect(svg).toContain("35 € Prämie für dich");
    expect(svg).toContain("friday.example/e/FR-100003");
    expect(svg).toContain("Müller &#38; &#60;Söhne&#62;");
    expect(await storyPictureSvg({ ...story, reward: null })).not.toContain("Prämie für dich");
  });

  it("draws its words with the bundled font, fonts installed on the machine or not", async () => {
    const [one, other] = await Promise.all([storyPicturePng(story), storyPicturePng({ ...story, product: "Hausratversicherung" })]);
    expect(one.equals(other)).toBe(false);
  });

  it("wraps a long name at word boundaries and keeps a long word whole", () => {
    expect(wrapWords("MagentaZuhause L mit TV und Netflix", 16)).toEqual(["MagentaZuhause L", "mit TV und", "Netflix"]);
    expect(wrapWords("Berufsunfähigkeitsversicherung", 16)).toEqual(["Berufsunfähigkeitsversicherung"]);
  });

  it("shrinks a name that would take more than three lines", async () => {
    const svg = await storyPictureSvg({ ...story, product: "Private Haftpflicht mit Schlüsselverlust und Forderungsausfall" });
    expect(svg).not.toContain('font-size="96"');
  });
});
