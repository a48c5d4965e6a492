import type { Reward } from "#bff/core/contract";
import { remembered } from "./remembered";

// Display formats: prices in cents shown in euros, dates as DD.MM.YYYY.

// Intl formatters are costly to build (a few hundred microseconds each): build each once.
const euroFormats = new Map<string, Intl.NumberFormat>();

function euroFormat(locale: string, fractionDigits: number) {
  return remembered(
    euroFormats,
    `${locale}|${fractionDigits}`,
    () =>
      new Intl.NumberFormat(locale === "en" ? "en-GB" : "de-DE", {
        style: "currency",
        currency: "EUR",
        minimumFractionDigits: fractionDigits,
      }),
  );
}

export function formatCents(cents: number, locale: string) {
  return euroFormat(locale, cents % 100 === 0 ? 0 : 2).format(cents / 100);
}

/** `YYYY-MM-DD` (or an ISO date-time) as `DD.MM.YYYY`. */
export function formatDate(iso: string) {
  const [year, month, day] = iso.slice(0, 10).split("-");
  return `${day}.${month}.${year}`;
}

/** A reward as pages show it: value in euros, the display end date where one is set. */
export function rewardView(reward: Reward, locale: string) {
  return {
    id: reward.Id,
    name: reward.Name,
    value: formatCents(reward.WertCent, locale),
    kind: reward.Art,
    until: reward.EnddatumAnzeige ?? reward.Enddatum ?? null,
  };
}

/** A text over 40 characters shows its first 19 characters, then dots. */
export function truncate(text: string, keep = 19) {
  return text.length > 40 ? `${text.slice(0, keep)}…` : text;
}
