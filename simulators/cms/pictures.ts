// Stand-in pictures of the CMS simulator, in each tenant's own colour: a logo and a key visual.

const LOGO_COLOURS: [string, string][] = [
  ["telekom", "#b0005e"],
  ["allianz", "#003781"],
  ["friday", "#2d2a6e"],
];

/** The tenant's colour, known by an asset's or an app's name; a neutral blue for any other. */
function colourOf(name: string) {
  return LOGO_COLOURS.find(([tenant]) => name.includes(tenant))?.[1] ?? "#1f4e79";
}

/** Each demo tenant's own mark on white (40 × 40), drawn in its colour: no two tenants share a shape. */
const MARKS: Record<string, (colour: string) => string> = {
  // Signal arcs above a dot: a network.
  telekom: (colour) =>
    `<path d="M10 17a14 14 0 0 1 20 0M14 22a8 8 0 0 1 12 0" fill="none" stroke="${colour}" stroke-width="3.5" stroke-linecap="round"/><circle cx="20" cy="28" r="3.5" fill="${colour}"/>`,
  // A shield with a pillar: an agency that protects.
  allianz: (colour) => `<path d="M20 6l12 4v9c0 8-5 13-12 16-7-3-12-8-12-16v-9z" fill="${colour}"/><path d="M17 14h6v14h-6z" fill="#fff"/>`,
  // A rounded F on a disc.
  friday: (colour) =>
    `<circle cx="20" cy="20" r="15" fill="${colour}"/><path d="M16 28V12h10M16 20h8" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>`,
  // Two speech bubbles: one person telling another.
  standard: (colour) =>
    `<path d="M7 9h17a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H14l-5 4v-4H7a3 3 0 0 1-3-3v-8a3 3 0 0 1 3-3z" fill="${colour}"/><path d="M30 17h3a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3h-2v4l-5-4h-6a3 3 0 0 1-3-3v-2h9a4 4 0 0 0 4-4z" fill="${colour}" opacity=".55"/>`,
};

/** A demo tenant's logo, known by the asset's name (`telekom-logo.svg`); the standard mark for any other. */
export function logoSvg(name: string, width: number, height: number) {
  const tenant = Object.keys(MARKS).find((each) => name.includes(each)) ?? "standard";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#fff"/>${MARKS[tenant](colourOf(name))}</svg>`;
}

/**
 * A stand-in key visual at any size: two people passing on a gift, drawn in a few shapes, in the
 * app's tenant colour and neutral greys (never another tenant's colours).
 */
export function keyVisualSvg(app: string, width: number, height: number) {
  const colour = colourOf(app);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 300" preserveAspectRatio="xMidYMid slice"><rect width="800" height="300" fill="#fff"/><circle cx="400" cy="175" r="70" fill="${colour}" opacity=".1"/><circle cx="260" cy="110" r="38" fill="#475569"/><rect x="215" y="155" width="90" height="110" rx="40" fill="#475569"/><circle cx="540" cy="110" r="38" fill="${colour}"/><rect x="495" y="155" width="90" height="110" rx="40" fill="${colour}"/><rect x="370" y="150" width="60" height="50" rx="6" fill="${colour}" opacity=".75"/><rect x="395" y="150" width="10" height="50" fill="#fff"/><path d="M330 170h30m80 0h30" stroke="#334155" stroke-width="6" stroke-linecap="round"/></svg>`;
}
