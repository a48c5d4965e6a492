import type { Bff } from "#bff/portal/services.server";
import type { LapseView } from "~/components/lapse-notice";
import { berlinMoment } from "~/format";

/**
 * When what the browser carries for a journey lapses: the recipient's data (its draft and its token, the earlier), or
 * the reward link opened here; null where it carries none.
 */
export function lapseOf(bff: Bff, request: Request, kind: LapseView["kind"]): LapseView | null {
  const cookies = kind === "draft" ? [bff.cookies.recipientDraft, bff.cookies.recipient] : [bff.cookies.reward];
  const lapses = cookies.flatMap((cookie) => cookie.lapse(request) ?? []);
  if (!lapses.length) return null;
  const first = lapses.reduce((earliest, lapse) => (lapse.at < earliest.at ? lapse : earliest));
  return { kind, ...first, ...berlinMoment(new Date(first.at * 1000)) };
}
