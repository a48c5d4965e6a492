// The link preview's picture (og:image): 1200 × 630 px, the size WhatsApp, Facebook, LinkedIn and
// Slack show whole, flat colours only, so that its PNG stays far below WhatsApp's 300 KB. It shows
// the tenant's logo on a white card and its colour, then who invites to what and the friend's
// benefit; for a link that cannot be followed, or no link, the brand alone (decision 075).
import { PREVIEW_SIZE } from "./preview-size";
import { escapeXml, fittedLines, renderPng, textBlock, wrapWords } from "./svg-text.server";

export { PREVIEW_SIZE };
const MARGIN = 64;
const LOGO_CARD = { width: 280, height: 112, padding: 16 };

export type PreviewPicture = {
  colours: { brand: string; onBrand: string };
  /** The logo as a data: URL (the CMS's SVG, PNG or JPEG); null where the tenant has none, or it could not be read. */
  logo: string | null;
  programme: string;
  /** e.g. "Anna S. empfiehlt Ihnen"; null for the brand alone. */
  lead: string | null;
  /** The product's name; for the brand alone, the programme's promise. */
  headline: string;
  /** e.g. "Bis zu 25 € Prämie für Sie"; null where the friend gets none. */
  benefit: string | null;
  /** The tenant's host, as the link shows it. */
  host: string;
};

function logoCard(logo: string) {
  const { width, height, padding } = LOGO_CARD;
  return [
    `<rect x="${MARGIN}" y="${MARGIN}" width="${width}" height="${height}" rx="20" fill="#ffffff"/>`,
    `<image x="${MARGIN + padding}" y="${MARGIN + padding}" width="${width - 2 * padding}" height="${height - 2 * padding}"`,
    ` preserveAspectRatio="xMidYMid meet" href="${escapeXml(logo)}"/>`,
  ].join("");
}

export function previewPictureSvg(preview: PreviewPicture) {
  const { width, height } = PREVIEW_SIZE;
  const { brand, onBrand } = preview.colours;
  const text = (lines: string[], style: { top: number; size: number; bold: boolean }) =>
    textBlock(lines, { x: MARGIN, fill: onBrand, ...style });
  const beside = preview.logo ? MARGIN + LOGO_CARD.width + 32 : MARGIN;
  const programmeLines = wrapWords(preview.programme, Math.floor((width - beside - MARGIN) / (30 * 0.55))).slice(0, 2);
  const programme = textBlock(programmeLines, {
    x: beside,
    top: MARGIN + (programmeLines.length > 1 ? 14 : 32),
    size: 30,
    bold: false,
    fill: onBrand,
  });
  const top = MARGIN + LOGO_CARD.height + 48;
  const lead = preview.lead ? text([preview.lead], { top, size: 40, bold: false }) : { svg: "", bottom: top - 8 };
  const fitted = fittedLines(preview.headline, { width: width - 2 * MARGIN, sizes: [72, 60, 50], maxLines: 2 });
  const headline = text(fitted.lines, { top: lead.bottom + 8, size: fitted.size, bold: true });
  const benefit = preview.benefit ? text([preview.benefit], { top: headline.bottom + 20, size: 44, bold: true }) : null;
  const host = text([preview.host], { top: height - MARGIN - 30, size: 30, bold: false });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${brand}"/>`,
    preview.logo ? logoCard(preview.logo) : "",
    programme.svg,
    lead.svg,
    headline.svg,
    benefit?.svg ?? "",
    host.svg,
    "</svg>",
  ].join("");
}

export function previewPicturePng(preview: PreviewPicture) {
  return renderPng(previewPictureSvg(preview));
}
