import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { birthDateProblem, isOfAge, isRecommendationFollowable, isTermsAccepted, mailboxOf, parseGermanDate, statusStepOf } from "./rules";

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

describe("birth dates, compared as calendar days over the whole range", () => {
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  /** Any real calendar day from year 1 to 9999, as `YYYY-MM-DD`. */
  const anyDay = fc
    .date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true })
    .map((date) => iso(date));
  const anyToday = fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2150-12-31T00:00:00Z"), noInvalidDate: true }).map(iso);
  /** The model: the 18th birthday as [year, month, day], 29 February on 1 March in a common year. */
  const birthday18 = (birth: string) => {
    const [year, month, day] = birth.split("-").map(Number);
    const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    return month === 2 && day === 29 && !leap(year + 18) ? [year + 18, 3, 1] : [year + 18, month, day];
  };
  const tuple = (day: string) => day.split("-").map(Number);
  const before = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

  it("accept exactly the days from 1900 to the 18th birthday, refusing future and implausibly old ones", () => {
    fc.assert(
      fc.property(anyDay, anyToday, (birth, today) => {
        const expected =
          before(tuple(birth), tuple(today)) > 0
            ? "future"
            : before(tuple(birth), [1900, 1, 1]) < 0
              ? "implausible"
              : before(birthday18(birth), tuple(today)) <= 0
                ? null
                : "underAge";
        expect(birthDateProblem(birth, today)).toBe(expected);
      }),
      { numRuns: 5_000 },
    );
  });

  it("refuse the days the string comparison let through", () => {
    for (const birth of ["9982-01-01", "9999-12-31", "5000-06-15"]) expect(birthDateProblem(birth, "2026-11-23")).toBe("future");
    expect(birthDateProblem("1800-01-01", "2026-11-23")).toBe("implausible");
    expect(birthDateProblem("1899-12-31", "2026-11-23")).toBe("implausible");
    expect(birthDateProblem("1900-01-01", "2026-11-23")).toBeNull();
    expect(birthDateProblem("2008-11-23", "2026-11-23")).toBeNull();
    expect(birthDateProblem("2008-11-24", "2026-11-23")).toBe("underAge");
  });
});

describe("the mailbox an address reaches", () => {
  it("is the same for case, spaces, +tags and, at Google's domains, dots", () => {
    expect(mailboxOf(" Demo+x@Friday.Example ")).toBe("demo@friday.example");
    expect(mailboxOf("demo+a+b@friday.example")).toBe("demo@friday.example");
    expect(mailboxOf("d.e.mo+tag@googlemail.com")).toBe(mailboxOf("demo@gmail.com"));
    expect(mailboxOf("d.emo@friday.example")).not.toBe(mailboxOf("demo@friday.example"));
  });
});
