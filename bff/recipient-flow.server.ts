// The steps of the recipient journey: data, consent to the terms, bank data, confirmation.
import { redirect } from "@remix-run/node";
import type { TenantConfig } from "./contract";
import type { RecipientSession } from "./cookies.server";
import { LegacyApiError } from "./errors";
import type { LegacyApi } from "./legacy-client.server";
import { getRecommendation } from "./recommendation.server";
import { isRecommendationFollowable, todayIso } from "./rules";
import type { Bff } from "./services.server";

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
export async function loadFollowableRecommendation(api: LegacyApi, empfehlungsnummer: string) {
  try {
    const recommendation = await getRecommendation(api, empfehlungsnummer);
    if (isRecommendationFollowable(recommendation.ErstelltAm, todayIso())) return recommendation;
  } catch (error) {
    if (!(error instanceof LegacyApiError) || error.upstreamStatus >= 500) throw error;
  }
  throw redirect("/empfehlungabgelaufen");
}
