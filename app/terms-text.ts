// Texts a visitor agrees to, with the documents they name as links: written in the locale files as
// `[Teilnahmebedingungen](/agb)`. The page shows the links; the backend gets the same words as plain
// text (AgbText), exactly as the visitor read them.

const LINK = /\[([^\]]+)\]\((\/[a-z]+)\)/g;

export type TermsPart = { text: string; href?: string };

/** The text in pieces: plain runs, and the linked words with their page. */
export function termsParts(text: string): TermsPart[] {
  const parts: TermsPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[1], href: match[2] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The words the visitor read, without the link markup: what is sent as AgbText. */
export function termsPlainText(text: string) {
  return termsParts(text)
    .map((part) => part.text)
    .join("");
}
