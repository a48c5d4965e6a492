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
  // A bold T between two dots on the brand's tile: the telecom's letter mark.
  telekom: (colour) =>
    `<rect x="4" y="4" width="32" height="32" rx="4" fill="${colour}"/><path d="M11 12h18v5h-6.5v14h-5V17H11z" fill="#fff"/><rect x="9" y="20" width="5" height="5" fill="#fff"/><rect x="26" y="20" width="5" height="5" fill="#fff"/>`,
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

const INK = "#334155";
const GREY = "#475569";

/** A person, head and body, standing at x. */
function person(x: number, fill: string) {
  return `<circle cx="${x}" cy="110" r="38" fill="${fill}"/><rect x="${x - 45}" y="155" width="90" height="110" rx="40" fill="${fill}"/>`;
}

/** Each demo tenant's own scene between a recommender (grey) and the friend (in the brand's colour). */
const SCENES: Record<string, (colour: string) => string> = {
  // A phone sends its signal to the friend's home screen: a network passed on.
  telekom: (colour) =>
    `${person(200, GREY)}<rect x="255" y="150" width="40" height="70" rx="8" fill="${INK}"/><path d="M330 140a60 60 0 0 1 0 80M360 120a90 90 0 0 1 0 120" fill="none" stroke="${colour}" stroke-width="10" stroke-linecap="round"/><rect x="420" y="120" width="150" height="100" rx="10" fill="${colour}" opacity=".85"/><path d="M470 245h50" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>${person(650, colour)}`,
  // A shield over a house between customer and agent: advice that protects.
  allianz: (colour) =>
    `${person(210, GREY)}<path d="M400 60l95 30v70c0 60-40 100-95 125-55-25-95-65-95-125v-70z" fill="${colour}" opacity=".15"/><path d="M350 190l50-42 50 42v55h-100z" fill="${colour}"/><path d="M388 245v-30h24v30" fill="#fff"/>${person(590, colour)}<rect x="570" y="185" width="40" height="50" rx="4" fill="#fff"/><path d="M578 200h24M578 212h24M578 224h14" stroke="${INK}" stroke-width="4"/>`,
  // A car with a heart above it, between two friends: insurance passed on.
  friday: (colour) =>
    `${person(170, GREY)}<path d="M280 230v-35l40-45h150l45 45h25v35z" fill="${colour}"/><path d="M335 190l25-28h45v28zM420 190v-28h40l25 28z" fill="#fff" opacity=".8"/><circle cx="340" cy="235" r="24" fill="${INK}"/><circle cx="480" cy="235" r="24" fill="${INK}"/><path d="M400 115c-20-25-55-5-35 20l35 30 35-30c20-25-15-45-35-20z" fill="${colour}" opacity=".6"/>${person(630, colour)}`,
  // Two people passing on a gift.
  standard: (colour) =>
    `<circle cx="400" cy="175" r="70" fill="${colour}" opacity=".1"/>${person(260, GREY)}${person(540, colour)}<rect x="370" y="150" width="60" height="50" rx="6" fill="${colour}" opacity=".75"/><rect x="395" y="150" width="10" height="50" fill="#fff"/><path d="M330 170h30m80 0h30" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>`,
};

/**
 * A stand-in key visual at any size: each demo tenant's own scene in a few shapes, in its colour and
 * neutral greys (never another tenant's colours or scene); the standard scene for any other app.
 */
export function keyVisualSvg(app: string, width: number, height: number) {
  const scene = SCENES[Object.keys(SCENES).find((tenant) => app.includes(tenant)) ?? "standard"];
  const colour = colourOf(app);
  // The scene stands on its ground at the foot of any shape; the sky and the ground reach past every edge.
  const backdrop = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour}" stop-opacity=".28"/><stop offset="1" stop-color="${colour}" stop-opacity=".04"/></linearGradient></defs><rect x="-2000" y="-2000" width="4800" height="2300" fill="#fff"/><rect x="-2000" y="-2000" width="4800" height="2300" fill="url(#sky)"/><circle cx="690" cy="40" r="120" fill="#fff" opacity=".45"/><circle cx="120" cy="-20" r="90" fill="#fff" opacity=".35"/><rect x="-2000" y="262" width="4800" height="400" fill="${colour}" opacity=".12"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 300" preserveAspectRatio="xMidYMax meet">${backdrop}${scene(colour)}</svg>`;
}
