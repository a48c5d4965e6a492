// What the portal's pictures share: words drawn in a bundled font (Inter, OFL), so that a picture
// looks the same on every machine, fonts installed or not, and rendered from SVG to PNG by resvg.
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";

const require = createRequire(import.meta.url);
const FONT_FILES = ["400Regular/Inter_400Regular.ttf", "700Bold/Inter_700Bold.ttf"].map((file) =>
  require.resolve(`@expo-google-fonts/inter/${file}`),
);

/** Inter's average advance at bold weight, in em: what a line of a given width holds. */
export const AVERAGE_ADVANCE = 0.6;

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

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

/** A text in the largest of `sizes` at which it takes at most `maxLines` lines of `width` px; the smallest, cut, where none fits. */
export function fittedLines(text: string, { width, sizes, maxLines }: { width: number; sizes: number[]; maxLines: number }) {
  const fit = (size: number) => {
    const perLine = Math.floor(width / (size * AVERAGE_ADVANCE));
    const lines = wrapWords(text, perLine);
    return { size, lines, fits: lines.length <= maxLines && lines.every((line) => line.length <= perLine) };
  };
  const tried = sizes.map(fit);
  return tried.find(({ fits }) => fits) ?? { ...tried.at(-1)!, lines: tried.at(-1)!.lines.slice(0, maxLines) };
}

type TextStyle = { x: number; top: number; size: number; bold: boolean; fill: string };

/** Lines of text from `top`, each `size` px, in Inter (bold or not); returns the SVG and where it ends. */
export function textBlock(lines: string[], { x, top, size, bold, fill }: TextStyle) {
  const lineHeight = Math.round(size * 1.2);
  const tspans = lines.map((line, index) => `<tspan x="${x}" y="${top + size + index * lineHeight}">${escapeXml(line)}</tspan>`);
  const svg = `<text font-family="Inter" font-size="${size}" font-weight="${bold ? 700 : 400}" fill="${fill}">${tspans.join("")}</text>`;
  return { svg, bottom: top + lines.length * lineHeight };
}

/** The SVG as a PNG, with the bundled font alone; it loads nothing from outside (no files, no network). */
export function renderPng(svg: string): Buffer {
  const resvg = new Resvg(svg, { font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: "Inter" } });
  return resvg.render().asPng();
}
