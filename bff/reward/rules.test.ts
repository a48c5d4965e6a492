import { describe, expect, it } from "vitest";
import { earningsOf, friendPartCents, isRewardValid, pendingChoiceCents, rewardOffer, splitOffer } from "./rules";

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

describe("the offer of a product or tenant", () => {
  const today = "2026-11-22";
  const reward = (WertCent: number, Art: "Ueberweisung" | "Gutschein", Startdatum = "2026-01-01", Enddatum: string | null = null) => ({
    WertCent,
    Art,
    Startdatum,
    Enddatum,
  });
  const tenantRewards = [reward(5000, "Ueberweisung"), reward(7000, "Gutschein"), reward(9000, "Gutschein", "2026-01-01", "2026-11-21")];
  const sources = { tenantRewards, tenantBestCents: 7000, recipientMaxCents: 5000 };

  it("tells the recommender's best transfer and best voucher valid today, and the friend's most", () => {
    expect(rewardOffer(sources, today)).toEqual({ cashCents: 5000, voucherCents: 7000, upToCents: null, friendCents: 5000 });
  });
  it("counts only a product's own rewards where it lists some, even when none is valid today", () => {
    expect(rewardOffer({ ...sources, productRewards: [reward(5000, "Ueberweisung")] }, today)).toMatchObject({
      cashCents: 5000,
      voucherCents: null,
    });
    expect(rewardOffer({ ...sources, productRewards: [reward(9000, "Gutschein", "2026-12-01")] }, today)).toMatchObject({
      cashCents: null,
      voucherCents: null,
      upToCents: null,
    });
  });
  it("falls back to the tenant's best figure, kind unknown, where no list of rewards can be read", () => {
    expect(rewardOffer({ ...sources, tenantRewards: null }, today)).toEqual({
      cashCents: null,
      voucherCents: null,
      upToCents: 7000,
      friendCents: 5000,
    });
  });
});

describe("the split of an offer", () => {
  const offer = { cashCents: 5000, voucherCents: 7000, upToCents: null, friendCents: 5000 };
  it("gives the recommender their share of each kind and the friend the rest of the recipient maximum", () => {
    expect(splitOffer(offer, 100)).toEqual({ cashCents: 5000, voucherCents: 7000, upToCents: null, friendCents: 0 });
    expect(splitOffer(offer, 50)).toEqual({ cashCents: 2500, voucherCents: 3500, upToCents: null, friendCents: 2500 });
    expect(splitOffer(offer, 0)).toEqual({ cashCents: 0, voucherCents: 0, upToCents: null, friendCents: 5000 });
  });
  it("rounds half cents", () => {
    expect(splitOffer({ ...offer, cashCents: 3333, friendCents: 3333 }, 50)).toMatchObject({ cashCents: 1667, friendCents: 1667 });
    expect(friendPartCents(3333, 50)).toBe(1667);
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

describe("a pending reward's choice", () => {
  const offer = { cashCents: 5000, voucherCents: 7000, upToCents: null, friendCents: 5000 };
  it("is both amounts, after the recommendation's split the backend's higher amount shows", () => {
    expect(pendingChoiceCents(offer, 7000)).toEqual({ cashCents: 5000, voucherCents: 7000 });
    expect(pendingChoiceCents(offer, 3500)).toEqual({ cashCents: 2500, voucherCents: 3500 });
  });
  it("is none where the product offers one kind, or both at one value", () => {
    expect(pendingChoiceCents({ ...offer, voucherCents: null }, 5000)).toBeNull();
    expect(pendingChoiceCents({ ...offer, voucherCents: 5000 }, 5000)).toBeNull();
  });
});
