import { describe, expect, it } from "vitest";
import { isRewardValid } from "../reward/reward.server";
import { isOfAge, isRecommendationFollowable, isTermsAccepted, parseGermanDate, statusStepOf } from "./rules";

describe("dates", () => {
  it("parse DD.MM.YYYY to real calendar days only", () => {
    expect(parseGermanDate("07.03.1990")).toBe("1990-03-07");
    expect(parseGermanDate("29.02.2024")).toBe("2024-02-29");
    expect(parseGermanDate("29.02.2023")).toBeNull();
    expect(parseGermanDate("1990-03-07")).toBeNull();
    expect(parseGermanDate("32.01.1990")).toBeNull();
  });

  it("make a person of age from 00:00 on the 18th birthday", () => {
    expect(isOfAge("2008-11-22", "2026-11-22")).toBe(true);
    expect(isOfAge("2008-11-23", "2026-11-22")).toBe(false);
    expect(isOfAge("2008-02-29", "2026-02-28")).toBe(false);
    expect(isOfAge("2008-02-29", "2026-03-01")).toBe(true);
  });

  it("keep a recommendation followable for 60 days", () => {
    expect(isRecommendationFollowable("2026-09-23", "2026-11-22")).toBe(true);
    expect(isRecommendationFollowable("2026-09-22", "2026-11-22")).toBe(false);
  });
});

describe("terms acceptance", () => {
  it.each([true, "yes", "on", "1", 2])("accepts %s", (value) => expect(isTermsAccepted(value)).toBe(true));
  it.each([false, "no", "0", 0, -1, undefined, null, ""])("refuses %s", (value) => expect(isTermsAccepted(value)).toBe(false));
});

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

describe("status bar step", () => {
  it("places each status and payout on the programme's sequence", () => {
    expect(statusStepOf("Offen", null)).toBe("noReaction");
    expect(statusStepOf("Abgelaufen", null)).toBe("expired");
    expect(statusStepOf("Ok", null)).toBe("contract");
    expect(statusStepOf("Ok", "Offen")).toBe("claimProcessing");
    expect(statusStepOf("Ok", "Bereitgestellt")).toBe("collectable");
    expect(statusStepOf("Ok", "Abgeholt")).toBe("collected");
    expect(statusStepOf("Gezahlt", null)).toBe("processed");
    expect(statusStepOf("Gezahlt", "Ausgezahlt")).toBe("paidOut");
    expect(statusStepOf("Storniert", "Storniert")).toBe("noContract");
    expect(statusStepOf("Ok", "Storniert")).toBe("noContract");
  });
});
