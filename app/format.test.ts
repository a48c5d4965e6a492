import { describe, expect, it } from "vitest";
import { todayIso } from "#bff/recipient/rules";
import { formatCents, formatDate, formatDateOrMoment, formatDateTime, truncate } from "./format";

describe("display formats", () => {
  it("shows cents as euros", () => {
    expect(formatCents(5000, "de")).toBe("50\u00a0€");
    expect(formatCents(3995, "de")).toBe("39,95\u00a0€");
    expect(formatCents(3995, "en")).toBe("€39.95");
  });

  it("shows dates as DD.MM.YYYY", () => {
    expect(formatDate("2026-03-07")).toBe("07.03.2026");
    expect(formatDate("2026-03-07T10:00:00Z")).toBe("07.03.2026");
  });

  it("takes today's date in Berlin", () => {
    expect(todayIso(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
  });
});

describe("moments", () => {
  it("show as DD.MM.YYYY - HH:MM in German time, winter and summer", () => {
    expect(formatDateTime("2026-11-23T06:05:00Z")).toBe("23.11.2026 - 07:05");
    expect(formatDateTime("2026-07-01T23:30:00+00:00")).toBe("02.07.2026 - 01:30");
  });

  it("keep a plain date a date, and give a date-time its time", () => {
    expect(formatDateOrMoment("2026-03-01")).toBe("01.03.2026");
    expect(formatDateOrMoment("2026-03-01T08:15:00Z")).toBe("01.03.2026 - 09:15");
  });
});

describe("text truncation", () => {
  it("keeps texts up to 40 characters, cuts longer ones after 19", () => {
    expect(truncate("a".repeat(40))).toBe("a".repeat(40));
    expect(truncate("Maximilian Mustermann-Oberhausen von Lindenberg")).toBe("Maximilian Musterma…");
    expect(truncate("b".repeat(41), 10)).toBe(`${"b".repeat(10)}…`);
  });
});
