// Reward calls. Booking and customer-number paths carry the reward token.
import { noContentSchema } from "../legacy/contract";
import type { LegacyApi } from "../legacy/legacy-client.server";
import type { RewardImageKind } from "../platform/domain";
import { customerNumberResultSchema, recommenderBankDataSchema, rewardBookingSchema, rewardListSchema } from "./replies";

export function getRewards(api: LegacyApi) {
  return api.request({ call: "getRewards", path: "praemie", schema: rewardListSchema });
}

/** The backend mails the recommender the reward link of this recommendation again (with the user's token). */
export function resendRewardMail(api: LegacyApi, empfehlungsnummer: string) {
  return api.request({
    call: "resendRewardMail",
    base: "product",
    path: `empfehler/praemierungmail/${encodeURIComponent(empfehlungsnummer)}`,
    schema: noContentSchema,
  });
}

/** What checks a token from a link within the asking client's budget of guesses (the load context's `linkLookups`). */
export type TokenLookups = { token<T>(lookup: () => Promise<T>): Promise<T> };

export function getRewardBooking(api: LegacyApi) {
  return api.request({ call: "getRewardBooking", base: "product", path: "praemierung/", schema: rewardBookingSchema });
}

export function getCustomerNumberResult(api: LegacyApi) {
  return api.request({
    call: "getCustomerNumberResult",
    base: "product",
    path: "empfehler/GetResultFromKundennummer/",
    schema: customerNumberResultSchema,
  });
}

/** A reward is chosen by setting the Praemie on the loaded booking. */
export function chooseReward(api: LegacyApi, praemierungstoken: string, praemieId: number) {
  return api.request({
    call: "chooseReward",
    method: "PUT",
    base: "product",
    path: "praemierung/",
    body: { praemierungstoken, Praemie: { Id: praemieId } },
    schema: noContentSchema,
  });
}

export function setCustomerNumber(api: LegacyApi, kundennummer: string) {
  return api.request({
    call: "setCustomerNumber",
    method: "PUT",
    base: "product",
    path: `empfehler/SetKundennummerForEmpfehler/${encodeURIComponent(kundennummer)}`,
    schema: noContentSchema,
  });
}

export function getRewardImage(api: LegacyApi, praemieId: number, kind: RewardImageKind) {
  return api.asset({ call: "getRewardImage", path: `praemie/${praemieId}/${kind}` });
}

export function getRecommenderBankData(api: LegacyApi) {
  return api.request({ call: "getRecommenderBankData", base: "product", path: "empfehler/bankdaten/", schema: recommenderBankDataSchema });
}

export function saveRecommenderBankData(api: LegacyApi, bank: { iban: string; kontoinhaber: string }) {
  return api.request({
    call: "saveRecommenderBankData",
    method: "PUT",
    base: "product",
    path: "empfehler/bankdaten/",
    body: { Iban: bank.iban, Kontoinhaber: bank.kontoinhaber },
    schema: noContentSchema,
  });
}

export function deleteRecommenderBankData(api: LegacyApi) {
  return api.request({
    call: "deleteRecommenderBankData",
    method: "DELETE",
    base: "product",
    path: "empfehler/bankdaten/",
    schema: noContentSchema,
  });
}
