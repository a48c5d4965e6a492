// Stand-in pictures of the CMS simulator, in each tenant's own colour: a logo and a key visual.

const LOGO_COLOURS: [string, string][] = [
  ["telekom", "#e20074"],
  ["allianz", "#003781"],
  ["friday", "#2d2a6e"],
];

/** The tenant's colour, known by an asset's or an app's name; a neutral blue for any other. */
function colourOf(name: string) {
  return LOGO_COLOURS.find(([tenant]) => name.includes(tenant))?.[1] ?? "#1f4e79";
}

/** A stand-in logo: a mark of two linked rings (a referral) in the tenant's colour, known by the asset's name. */
export function logoSvg(name: string, width: number, height: number) {
  const colour = colourOf(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#fff"/><circle cx="15" cy="20" r="8" fill="none" stroke="${colour}" stroke-width="3.5"/><circle cx="25" cy="20" r="8" fill="none" stroke="${colour}" stroke-width="3.5" opacity=".6"/></svg>`;
}

/**
 * A stand-in key visual at any size: two people passing on a gift, drawn in a few shapes, in the
 * app's tenant colour and neutral greys (never another tenant's colours).
 */
export function keyVisualSvg(app: string, width: number, height: number) {
  const colour = colourOf(app);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 300" preserveAspectRatio="xMidYMid slice"><rect width="800" height="300" fill="#fff"/><circle cx="400" cy="175" r="70" fill="${colour}" opacity=".1"/><circle cx="260" cy="110" r="38" fill="#475569"/><rect x="215" y="155" width="90" height="110" rx="40" fill="#475569"/><circle cx="540" cy="110" r="38" fill="${colour}"/><rect x="495" y="155" width="90" height="110" rx="40" fill="${colour}"/><rect x="370" y="150" width="60" height="50" rx="6" fill="${colour}" opacity=".75"/><rect x="395" y="150" width="10" height="50" fill="#fff"/><path d="M330 170h30m80 0h30" stroke="#334155" stroke-width="6" stroke-linecap="round"/></svg>`;
}
