// Each text set's texts for the browser (formal German for what the others lack), as one JSON
// document named by its content, so the file can be cached for a year. Shared by the render (the
// URL) and the server that sends the file (server/page-texts.ts).
import { createHash } from "node:crypto";
import type { TextSet } from "#bff/platform/locale.server";
import { textSets, textsOfSet } from "./config";

function textsOf(set: TextSet) {
  const json = JSON.stringify(textsOfSet(set));
  return { json, url: `/texte/${set}.${createHash("sha256").update(json).digest("hex").slice(0, 12)}.json` };
}

export const pageTexts = Object.fromEntries(textSets.map((set) => [set, textsOf(set)])) as Record<TextSet, { json: string; url: string }>;
