// The story picture of a personal link: 1080 × 1920 px (9:16, what story formats take), in the
// tenant's colours, naming the product and the friend's reward above the link's QR code. Rendered in
// the picture pool (picture-pool.server.ts), never on the event loop.
import QRCode from "qrcode";
import { fittedLines, renderPng, textBlock as textAt, wrapWords } from "./svg-text.server";

export const STORY_SIZE = { width: 1080, height: 1920 };
const MARGIN = 80;
const QR_CARD = 720;

export type StoryPicture = {
  colours: { brand: string; onBrand: string };
  programme: string;
  /** e.g. "Ich empfehle dir" above the product's name. */
  lead: string;
  product: string;
  /** e.g. "50 € Prämie für dich"; null where the friend gets none. */
  reward: string | null;
  link: string;
  /** e.g. "Code scannen oder Link öffnen". */
  callToAction: string;
};

/** The product's name in the largest size at which it takes at most three lines. */
const headline = (text: string) => fittedLines(text, { width: STORY_SIZE.width - 2 * MARGIN, sizes: [96, 80, 64], maxLines: 3 });

const textBlock = (lines: string[], style: Omit<Parameters<typeof textAt>[1], "x">) => textAt(lines, { x: MARGIN, ...style });

async function qrCode(link: string, x: number, y: number, size: number) {
  const svg = await QRCode.toString(link, { type: "svg", margin: 0, errorCorrectionLevel: "M" });
  return svg.replace("<svg ", `<svg x="${x}" y="${y}" width="${size}" height="${size}" `);
}

export async function storyPictureSvg(story: StoryPicture) {
  const { width, height } = STORY_SIZE;
  const { brand, onBrand } = story.colours;
  const programme = textBlock(wrapWords(story.programme, 36), { top: MARGIN, size: 44, bold: false, fill: onBrand });
  const lead = textBlock([story.lead], { top: programme.bottom + 72, size: 56, bold: false, fill: onBrand });
  const name = headline(story.product);
  const product = textBlock(name.lines, { top: lead.bottom + 8, size: name.size, bold: true, fill: onBrand });
  const reward = story.reward ? textBlock([story.reward], { top: product.bottom + 32, size: 64, bold: true, fill: onBrand }) : null;
  const cardTop = Math.max((reward ?? product).bottom + 72, height - MARGIN - 240 - QR_CARD);
  const cardLeft = (width - QR_CARD) / 2;
  const address = new URL(story.link);
  const shownLink = textBlock(wrapWords(`${address.host}${address.pathname}`, 34), {
    top: cardTop + QR_CARD + 40,
    size: 40,
    bold: true,
    fill: onBrand,
  });
  const callToAction = textBlock([story.callToAction], { top: shownLink.bottom + 16, size: 40, bold: false, fill: onBrand });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${brand}"/>`,
    programme.svg,
    lead.svg,
    product.svg,
    reward?.svg ?? "",
    `<rect x="${cardLeft}" y="${cardTop}" width="${QR_CARD}" height="${QR_CARD}" rx="48" fill="#ffffff"/>`,
    await qrCode(story.link, cardLeft + 40, cardTop + 40, QR_CARD - 80),
    shownLink.svg,
    callToAction.svg,
    "</svg>",
  ].join("");
}

export async function storyPicturePng(story: StoryPicture) {
  return renderPng(await storyPictureSvg(story));
}
