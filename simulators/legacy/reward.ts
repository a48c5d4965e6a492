// The reward pickup in the legacy simulator, with the reward token a mail carries: the banner, the
// booking and its reward chosen once, the customer number, and the recommender's bank data (which a
// logged-in recommender reaches with the user token too).
import { http, type HttpHandler, HttpResponse } from "msw";
import { rewardValidOn } from "./catalogue";
import { ibanAccepted } from "./iban";
import type { SimulatorKit } from "./kit";
import { legacyError, noContent } from "./replies";
import { isoDay } from "./seed";
import type { BankData } from "./state";

export function rewardPickupHandlers({ withRewardToken, today }: SimulatorKit): HttpHandler[] {
  return [
    http.get(
      "*/api/v1/:route/praemierung/showbanner/:banner",
      withRewardToken(({ params, tenant }) => HttpResponse.json({ ShowBanner: params.banner === "BannerTEZuTP" && tenant.showBanner })),
    ),
    http.get(
      "*/api/v1/:route/praemierung",
      withRewardToken(({ tenant, booking, token }) => {
        const reward = tenant.rewards.find((item) => item.Id === booking.praemieId) ?? null;
        return HttpResponse.json({ praemierungstoken: token, Praemie: reward, Abgeholt: booking.collected });
      }),
    ),
    http.put(
      "*/api/v1/:route/praemierung",
      withRewardToken(async ({ request, tenant, booking }) => {
        if (booking.collected) return legacyError(409, "PSOF0209");
        const body = (await request.json().catch(() => null)) as { Praemie?: { Id?: number } } | null;
        const reward = tenant.rewards.filter(rewardValidOn(isoDay(0, today()))).find((item) => item.Id === body?.Praemie?.Id);
        if (!reward) return legacyError(400, "PSOF0001", "no such reward today");
        booking.praemieId = reward.Id;
        booking.collected = true;
        return noContent();
      }),
    ),
    http.get(
      "*/api/v1/:route/empfehler/GetResultFromKundennummer",
      withRewardToken(({ booking }) => HttpResponse.json({ Kundennummer: booking.kundennummer })),
    ),
    http.put(
      "*/api/v1/:route/empfehler/SetKundennummerForEmpfehler/:nr",
      withRewardToken(({ params, booking }) => {
        if (!/^[A-Z0-9-]{4,20}$/i.test(params.nr)) return legacyError(400, "PSOF0001", "invalid customer number");
        booking.kundennummer = params.nr;
        return noContent();
      }),
    ),
  ];
}

export function recommenderBankDataHandlers({ asBankOwner, state }: SimulatorKit): HttpHandler[] {
  return [
    http.get(
      "*/api/v1/:route/empfehler/bankdaten",
      asBankOwner(({ owner }) => HttpResponse.json(state().bankData.get(owner) ?? { Iban: null, Kontoinhaber: null })),
    ),
    http.put(
      "*/api/v1/:route/empfehler/bankdaten",
      asBankOwner(async ({ request, owner, tenant }) => {
        const body = (await request.json().catch(() => null)) as Partial<BankData> | null;
        if (!body?.Kontoinhaber || !ibanAccepted(body.Iban, { germanOnly: tenant.config.ModuleIBANNurDE }))
          return legacyError(400, "PSOF0217");
        state().bankData.set(owner, { Iban: body.Iban!, Kontoinhaber: body.Kontoinhaber });
        return noContent();
      }),
    ),
    http.delete(
      "*/api/v1/:route/empfehler/bankdaten",
      asBankOwner(({ owner }) => {
        state().bankData.delete(owner);
        return noContent();
      }),
    ),
  ];
}
