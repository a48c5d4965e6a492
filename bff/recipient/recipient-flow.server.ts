// The steps of the recipient journey: data, consent to the terms, bank data, confirmation.
import { redirect } from "@remix-run/node";
import type { Recommendation, TenantConfig } from "../core/contract";
import type { RecipientSession } from "../core/cookies.server";
import { LegacyApiError } from "../core/errors";
import { requestContext } from "../core/request-context.server";
import type { Bff } from "../core/services.server";
import { countLanding, getRecommendationByLink, isGenuineLink } from "../recommender/recommendation.server";
import { checkRecipientExists, getRecipientOrder } from "./recipient.server";
import { isRecommendationFollowable, todayIso } from "./rules";

/** Pages after the data form need the recipient token; without it the journey starts at /code. */
export function requireRecipient(request: Request, bff: Bff): RecipientSession {
  const recipient = bff.cookies.recipient.read(request);
  if (!recipient) throw redirect("/code");
  return recipient;
}

export function nextRecipientStep(config: TenantConfig, progress: { agbAccepted: boolean; bankSaved: boolean }) {
  if (!progress.agbAccepted) return "/empfaenger/zustimmung";
  if (config.ModuleStoringBankdata && !progress.bankSaved) return "/bankdaten";
  return "/empfaengerbestaetigung";
}

/** A recommendation the recipient may still follow; otherwise the expired page (spec 2.1, 4, 8). */
export async function loadFollowableRecommendation(load: () => Promise<Recommendation>) {
  try {
    const recommendation = await load();
    if (isRecommendationFollowable(recommendation.ErstelltAm, todayIso())) return recommendation;
  } catch (error) {
    if (!(error instanceof LegacyApiError) || error.upstreamStatus >= 500) throw error;
  }
  throw redirect("/empfehlungabgelaufen");
}

/**
 * The insurance programme's recommendation links: check the link, count the landing, and go on
 * to the recipient form, keeping the query (channel, campaign).
 */
export async function followRecommendationLink(request: Request, bff: Bff, link: { id: string; hex: string; anyProduct: boolean }) {
  if (!isGenuineLink(link.id, link.hex)) throw redirect("/empfehlungabgelaufen");
  const { api } = await requestContext(request, bff);
  const recommendation = await loadFollowableRecommendation(() => getRecommendationByLink(api, link.id, link.hex, link));
  await countLanding(api, recommendation.Empfehlungsnummer).catch((error: unknown) =>
    bff.logger.warn({ err: error, requestId: request.headers.get("x-request-id") }, "landing not counted"),
  );
  return redirect(`/empfaengerdaten/${encodeURIComponent(recommendation.Empfehlungsnummer)}${new URL(request.url).search}`);
}

/**
 * A recipient who comes back to the form of a recommendation they already answered goes on where
 * they left off. When the stored recipient no longer exists, the cookie goes (spec 8).
 */
export async function resumeJourney(request: Request, bff: Bff, empfehlungsnummer: string, config: TenantConfig) {
  const stored = bff.cookies.recipient.read(request);
  if (!stored?.empfaengernummer || stored.empfehlungsnummer !== empfehlungsnummer) return;
  const { api } = await requestContext(request, bff);
  try {
    await checkRecipientExists(api, stored.empfaengernummer);
    const order = await getRecipientOrder(api);
    throw redirect(nextRecipientStep(config, { agbAccepted: order.AgbAkzeptiert, bankSaved: order.BankdatenHinterlegt }));
  } catch (error) {
    if (!(error instanceof LegacyApiError)) throw error;
    throw redirect(new URL(request.url).pathname + new URL(request.url).search, {
      headers: { "Set-Cookie": bff.cookies.recipient.clear() },
    });
  }
}
