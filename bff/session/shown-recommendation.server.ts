// What the recipient data page showed of the recommendation, sealed into its form: that it was
// still followable, the recommender's address for the rule that a recipient may not give it, and
// the recipient's share of the reward (none: no bank data).
// The POST then creates the recipient without reading the recommendation again; the backend still
// refuses a recommendation that expired meanwhile (docs/decisions/041).
import { z } from "zod";
import type { Sealer } from "../platform/seal.server";
import type { CookieScope } from "./cookies.server";
import { createPageSeal } from "./page-seal.server";

const shownSchema = z.object({ empfehlungsnummer: z.string(), recommenderEmail: z.string(), recipientShare: z.number() });
type Shown = z.infer<typeof shownSchema>;

/** As long as a recipient token from the link lasts without use: a form left open longer reads the recommendation again. */
const SHOWN_FOR_MS = 2 * 60 * 60_000;

export function createShownRecommendations(sealer: Sealer, now?: () => number) {
  const pageSeal = createPageSeal(sealer, "recipient-data", shownSchema, { maxAgeMs: SHOWN_FOR_MS, now });
  return {
    seal: (request: CookieScope, shown: Shown) => pageSeal.seal(request, shown),
    /** What the page knew of this recommendation (the recommender's address, the recipient's share), or null: then the POST reads it. */
    of(request: CookieScope, value: FormDataEntryValue | null, empfehlungsnummer: string): Shown | null {
      const shown = pageSeal.open(request, value);
      return shown?.empfehlungsnummer === empfehlungsnummer ? shown : null;
    },
  };
}
