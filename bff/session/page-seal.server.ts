// What a page showed, sealed into its form (a hidden field), so that the form's POST need not ask
// the backend again (docs/decisions/041). Sealed, not signed: the recipient never reads what the page
// knew about the recommender. Bound to the form it was made for and to the host (tenant), and
// good for a while only; a value that fails any of that reads as absent, and the POST asks the
// backend as before.
import { z } from "zod";
import type { Sealer } from "../platform/seal.server";
import type { CookieScope } from "./cookies.server";

const envelopeSchema = z.object({ data: z.unknown(), sealedAt: z.number() });

export type PageSeal<T> = {
  /** The hidden field's value. */
  seal(request: CookieScope, data: T): string;
  /** What the page sealed, or null (missing, changed, another form or host, too old). */
  open(request: CookieScope, value: FormDataEntryValue | null): T | null;
};

export function createPageSeal<T>(
  sealer: Sealer,
  form: string,
  schema: z.ZodType<T>,
  { maxAgeMs, now = Date.now }: { maxAgeMs: number; now?: () => number },
): PageSeal<T> {
  const purposeFor = (request: CookieScope) => `page:${form}@${new URL(request.url).hostname}`;
  return {
    seal(request, data) {
      return sealer.seal(JSON.stringify({ data, sealedAt: now() }), purposeFor(request));
    },
    open(request, value) {
      const opened = typeof value === "string" ? sealer.open(value, purposeFor(request)) : null;
      if (!opened) return null;
      let envelope: z.infer<typeof envelopeSchema>;
      try {
        envelope = envelopeSchema.parse(JSON.parse(opened));
      } catch {
        return null;
      }
      const age = now() - envelope.sealedAt;
      if (age < 0 || age > maxAgeMs) return null;
      const data = schema.safeParse(envelope.data);
      return data.success ? data.data : null;
    },
  };
}
