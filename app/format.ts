import type { Reward } from "#bff/reward/replies";
import { remembered } from "./remembered";

// Display formats: prices in cents shown in euros, dates as DD.MM.YYYY, moments as DD.MM.YYYY - HH:MM
// (German time, as the programme runs in Germany), long texts shortened.

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

// A page shows the same few amounts again and again; formatting one goes through ICU each time.
const formattedAmounts = new Map<string, string>();

export function formatCents(cents: number, locale: string) {
  return remembered(formattedAmounts, `${locale}|${cents}`, () => euroFormat(locale, cents % 100 === 0 ? 0 : 2).format(cents / 100), 1000);
}

/** `YYYY-MM-DD` (or an ISO date-time) as `DD.MM.YYYY`. */
export function formatDate(iso: string) {
  const [year, month, day] = iso.slice(0, 10).split("-");
  return `${day}.${month}.${year}`;
}

const BERLIN_TIME = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An ISO date-time as `DD.MM.YYYY - HH:MM`, in German time. */
export function formatDateTime(iso: string) {
  const { date, time } = berlinMoment(new Date(iso));
  return `${date} - ${time}`;
}

/** A moment as Berlin's date and time of day: `DD.MM.YYYY` and `HH:MM`. */
export function berlinMoment(moment: Date) {
  const parts = Object.fromEntries(BERLIN_TIME.formatToParts(moment).map((part) => [part.type, part.value]));
  return { date: `${parts.day}.${parts.month}.${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

/** A date (`YYYY-MM-DD`) as `DD.MM.YYYY`, a date-time with its time as `DD.MM.YYYY - HH:MM`. */
export function formatDateOrMoment(iso: string) {
  return /T\d{2}:\d{2}/.test(iso) ? formatDateTime(iso) : formatDate(iso);
}

/** A reward as pages show it: value in euros, the display end date where one is set; its name as the page writes it (hyphenated). */
export function rewardView(reward: Reward, locale: string, name: (text: string) => string = (text) => text) {
  return {
    id: reward.Id,
    name: name(reward.Name),
    value: formatCents(reward.WertCent, locale),
    kind: reward.Art,
    until: reward.EnddatumAnzeige ?? reward.Enddatum ?? null,
  };
}

/** A text over 40 characters shows its first 19 characters (10 on a phone: components/short-text.tsx), then dots. */
export function truncate(text: string, keep = 19) {
  return text.length > 40 ? `${text.slice(0, keep)}…` : text;
}
