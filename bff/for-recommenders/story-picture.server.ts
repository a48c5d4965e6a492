// The story picture of a personal link: 1080 × 1920 px (9:16, what story formats take), in the
// tenant's colours, naming the product and the friend's reward above the link's QR code. Drawn as
// SVG and rendered to PNG on the server with a bundled font (Inter, OFL), so it looks the same on
// every machine, fonts installed or not.
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import QRCode from "qrcode";

const require = createRequire(import.meta.url);
const FONT_FILES = ["400Regular/Inter_400Regular.ttf", "700Bold/Inter_700Bold.ttf"].map((file) =>
  require.resolve(`@expo-google-fonts/inter/${file}`),
);

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

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Words wrapped into lines of at most `perLine` characters (a word longer than that stands alone). */
export function wrapWords(text: string, perLine: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The product's name in the largest size at which it takes at most three lines (Inter bold: about 0.6 em a character). */
function headline(text: string) {
  const fit = (size: number) => {
    const perLine = Math.floor((STORY_SIZE.width - 2 * MARGIN) / (size * 0.6));
    const lines = wrapWords(text, perLine);
    return { size, lines, fits: lines.length <= 3 && lines.every((line) => line.length <= perLine) };
  };
  const tried = [96, 80, 64].map(fit);
  return tried.find(({ fits }) => fits) ?? { ...tried.at(-1)!, lines: tried.at(-1)!.lines.slice(0, 3) };
}

/** Lines of text from `top`, each `size` px, in Inter (bold or not); returns the SVG and where it ends. */
function textBlock(lines: string[], { top, size, bold, fill }: { top: number; size: number; bold: boolean; fill: string }) {
  const lineHeight = Math.round(size * 1.2);
  const tspans = lines.map((line, index) => `<tspan x="${MARGIN}" y="${top + size + index * lineHeight}">${escapeXml(line)}</tspan>`);
  const svg = `<text font-family="Inter" font-size="${size}" font-weight="${bold ? 700 : 400}" fill="${fill}">${tspans.join("")}</text>`;
  return { svg, bottom: top + lines.length * lineHeight };
}

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
  const resvg = new Resvg(await storyPictureSvg(story), {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: "Inter" },
  });
  return resvg.render().asPng();
}
