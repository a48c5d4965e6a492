// German compound words in narrow boxes ('Hausratversicherung' on a product card) break at a syllable
// with a hyphen, never mid-word: soft hyphens from TeX's German patterns (the hyphen package), set on
// the server. CSS `hyphens: auto` needs a dictionary that Chromium on Linux does not have.
import germanPatterns from "hyphen/de/index.js";
import { remembered } from "./remembered";

/** Words shorter than this fit any box the portal has: left as they are. */
const MIN_WORD_LENGTH = 10;
/** Names seen (products, categories): a bound, since a backend decides how many there are. */
const MAX_REMEMBERED = 2_000;
const words = new Map<string, string>();

/** A name with soft hyphens in its long words; the same text on screen, and for search and screen readers. */
export function hyphenated(text: string) {
  return remembered(words, text, () => germanPatterns.hyphenateSync(text, { minWordLength: MIN_WORD_LENGTH }), MAX_REMEMBERED);
}
