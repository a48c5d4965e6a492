// The reward pickup calls with the reward token, against the simulator.
import { describe, expect, it } from "vitest";
import { requestContext } from "../../bff/portal/request-context.server";
import { todayIso } from "../../bff/recipient/rules";
import {
  chooseReward,
  deleteRecommenderBankData,
  getCustomerNumberResult,
  getRecommenderBankData,
  getRewardBooking,
  getRewardImage,
  getRewards,
  saveRecommenderBankData,
  setCustomerNumber,
} from "../../bff/reward/reward.server";
import { isRewardValid } from "../../bff/reward/rules";
import { backendsForSuite, pageRequest, writing } from "../support/backends";

const env = backendsForSuite();

async function withRewardToken(tenant: string, token = env.backends.fixtures[tenant].rewardTokens[0]) {
  return (
    await requestContext(pageRequest(tenant, "/", { cookies: [env.bff.cookies.reward.write(pageRequest(tenant), { token })] }), env.bff)
  ).api;
}

describe.each(["telekom", "friday"])("reward pickup calls, tenant %s", (tenant) => {
  // Before the choice below: against a live backend it spends the token.
  writing.it("refuses a reward that is not valid today", async () => {
    const api = await withRewardToken(tenant);
    const booking = await getRewardBooking(api);
    const future = (await getRewards(api)).find((item) => item.Startdatum > todayIso())!;
    await expect(chooseReward(api, booking.praemierungstoken, future.Id)).rejects.toMatchObject({ messageKey: "technical" });
  });

  writing.it("choose a reward valid today, once", async () => {
    const api = await withRewardToken(tenant);
    const booking = await getRewardBooking(api);
    const reward = (await getRewards(api)).find((item) => isRewardValid(item, todayIso()))!;
    await expect(chooseReward(api, booking.praemierungstoken, reward.Id)).resolves.toBeNull();
    await expect(getRewardBooking(api)).resolves.toMatchObject({ Abgeholt: true, Praemie: { Id: reward.Id } });
    await expect(chooseReward(api, booking.praemierungstoken, reward.Id)).rejects.toMatchObject({ messageKey: "rewardAlreadyCollected" });
  });

  writing.it("saves, reads and deletes the recommender's bank data with the reward token", async () => {
    const api = await withRewardToken(tenant);
    await expect(saveRecommenderBankData(api, { iban: "DE89370400440532013000", kontoinhaber: "Anna Schmidt" })).resolves.toBeNull();
    await expect(getRecommenderBankData(api)).resolves.toEqual({ Iban: "DE89370400440532013000", Kontoinhaber: "Anna Schmidt" });
    await expect(deleteRecommenderBankData(api)).resolves.toBeNull();
    await expect(getRecommenderBankData(api)).resolves.toEqual({ Iban: null, Kontoinhaber: null });
    await expect(saveRecommenderBankData(api, { iban: "DE88370400440532013000", kontoinhaber: "Anna" })).rejects.toMatchObject({
      messageKey: "bankDataNotSaved",
    });
  });

  writing.it("sets and reads the customer number", async () => {
    const api = await withRewardToken(tenant);
    await expect(setCustomerNumber(api, "KD-123456")).resolves.toBeNull();
    await expect(getCustomerNumberResult(api)).resolves.toEqual({ Kundennummer: "KD-123456" });
  });

  it("passes reward graphics through as they come: a picture, or 404 where the backend has none", async () => {
    const api = await withRewardToken(tenant);
    const [reward] = await getRewards(api);
    const image = await getRewardImage(api, reward.Id, "grafik100");
    expect([200, 404]).toContain(image.status);
    if (image.status === 200) expect(image.contentType).toMatch(/^image\//);
  });
});
