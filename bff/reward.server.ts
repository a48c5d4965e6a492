// Reward calls (spec 7.5 and 7.8). Booking and customer-number paths carry the reward token.
import { customerNumberResultSchema, rewardBookingSchema, rewardListSchema, type Reward } from "./contract";
import type { LegacyApi } from "./legacy-client.server";

export function getRewards(api: LegacyApi) {
  return api.request({ call: "getRewards", path: "praemie", schema: rewardListSchema });
}

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

/** Spec 4: valid from its start date, until its end date if it has one (dates as YYYY-MM-DD). */
export function isRewardValid(reward: Pick<Reward, "Startdatum" | "Enddatum">, today: string) {
  return reward.Startdatum <= today && (!reward.Enddatum || reward.Enddatum >= today);
}
