import { describe, expect, it } from "vitest";
import { bestRewardCents, earningsOf, isRewardValid, rewardSplit } from "./rules";

describe("reward validity", () => {
  const today = "2026-11-22";
  it("is valid from its start date, without an end date or until its end date", () => {
    expect(isRewardValid({ Startdatum: "2026-11-22", Enddatum: null }, today)).toBe(true);
    expect(isRewardValid({ Startdatum: "2026-01-01", Enddatum: "2026-11-22" }, today)).toBe(true);
  });
  it("is not valid before its start or after its end", () => {
    expect(isRewardValid({ Startdatum: "2026-11-23", Enddatum: null }, today)).toBe(false);
    expect(isRewardValid({ Startdatum: "2026-01-01", Enddatum: "2026-11-21" }, today)).toBe(false);
  });
});

describe("the best reward of a product", () => {
  const today = "2026-11-22";
  const reward = (WertCent: number, Startdatum = "2026-01-01", Enddatum: string | null = null) => ({ WertCent, Startdatum, Enddatum });

  it("is the highest of the product's rewards valid today, whatever the tenant's best", () => {
    expect(bestRewardCents(7000, [reward(5000), reward(2500)], today)).toBe(5000);
    expect(bestRewardCents(7000, [reward(5000), reward(9000, "2026-01-01", "2026-11-21")], today)).toBe(5000);
  });
  it("is the tenant's best for a product that lists no rewards", () => {
    expect(bestRewardCents(7000, null, today)).toBe(7000);
    expect(bestRewardCents(7000, [], today)).toBe(7000);
    expect(bestRewardCents(null, undefined, today)).toBeNull();
  });
  it("is unknown for a product whose rewards are none valid today, never the tenant's figure", () => {
    expect(bestRewardCents(7000, [reward(9000, "2026-12-01")], today)).toBeNull();
  });
});

describe("the split of a reward", () => {
  it("gives the recommender their share of the best reward and the friend the rest of the recipient reward", () => {
    expect(rewardSplit(7000, 5000, 100)).toEqual({ recommenderCents: 7000, friendCents: 0 });
    expect(rewardSplit(7000, 5000, 50)).toEqual({ recommenderCents: 3500, friendCents: 2500 });
    expect(rewardSplit(7000, 5000, 0)).toEqual({ recommenderCents: 0, friendCents: 5000 });
  });
  it("leaves the recommender's part unknown where the best is, and still says the friend's", () => {
    expect(rewardSplit(null, 5000, 50)).toEqual({ recommenderCents: null, friendCents: 2500 });
  });
  it("rounds half cents", () => {
    expect(rewardSplit(3333, 3333, 50)).toEqual({ recommenderCents: 1667, friendCents: 1667 });
  });
});

describe("a recommender's earnings", () => {
  it("count paid out and picked up rewards as earned, open and provided ones as on their way, cancelled ones not at all", () => {
    const rows = [
      { PraemienStatus: "Ausgezahlt", PraemieWertCent: 3500 },
      { PraemienStatus: "Abgeholt", PraemieWertCent: 5000 },
      { PraemienStatus: "Bereitgestellt", PraemieWertCent: 7000 },
      { PraemienStatus: "Offen", PraemieWertCent: 2500 },
      { PraemienStatus: "Storniert", PraemieWertCent: 9000 },
      { PraemienStatus: null },
    ];
    expect(earningsOf(rows)).toEqual({ earnedCents: 8500, pendingCents: 9500 });
  });
  it("are unknown where a reward that counts lacks its amount, never a partial sum", () => {
    expect(earningsOf([{ PraemienStatus: "Ausgezahlt", PraemieWertCent: 3500 }, { PraemienStatus: "Bereitgestellt" }])).toBeNull();
  });
  it("are nothing yet without rewards", () => {
    expect(earningsOf([{ PraemienStatus: null }, { PraemienStatus: "Storniert" }])).toEqual({ earnedCents: 0, pendingCents: 0 });
  });
});
