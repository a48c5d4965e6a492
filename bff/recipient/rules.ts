// Business rules and docs/security.md that forms and loaders share.

const berlinDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" });
let today = { value: "", until: 0 };

/** Today in the portal's time zone (Europe/Berlin) as `YYYY-MM-DD`; worked out once a minute. */
export function todayIso(now = new Date()) {
  const time = now.getTime();
  if (time >= today.until || time < today.until - 60_000) {
    today = { value: berlinDay.format(now), until: time - (time % 60_000) + 60_000 };
  }
  return today.value;
}

/** `DD.MM.YYYY` → `YYYY-MM-DD`, or null when it is no real calendar day. */
export function parseGermanDate(value: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const iso = `${year}-${month}-${day}`;
  return date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** A calendar day as one comparable number (YYYYMMDD), whatever the number of the year's digits. */
function dayNumber(date: Date) {
  return date.getUTCFullYear() * 10_000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

function dayOf(iso: string, addYears = 0) {
  const [year, month, day] = iso.split("-").map(Number);
  // setUTCFullYear, not Date.UTC, which reads years 0 to 99 as 1900 to 1999. Born on 29 February: the
  // birthday in a common year is 1 March (Date rolls over by itself).
  const date = new Date(0);
  date.setUTCFullYear(year + addYears, month - 1, day);
  return dayNumber(date);
}

/** Of age from 00:00 on the 18th birthday (BGB §§ 187(2), 188(2)); dates as `YYYY-MM-DD`, compared as calendar days. */
export function isOfAge(birthDate: string, today: string, years = 18) {
  return dayOf(birthDate, years) <= dayOf(today);
}

/** Birth dates before this are no plausible person's. */
export const EARLIEST_BIRTH_DATE = "1900-01-01";

/** What is wrong with a birth date (`YYYY-MM-DD`) for a person who signs a contract, or null. */
export function birthDateProblem(birthDate: string, today: string): "future" | "implausible" | "underAge" | null {
  if (dayOf(birthDate) > dayOf(today)) return "future";
  if (dayOf(birthDate) < dayOf(EARLIEST_BIRTH_DATE)) return "implausible";
  return isOfAge(birthDate, today) ? null : "underAge";
}

/** Google's mail domains, which ignore dots in the local part and are one another's aliases. */
const GOOGLE_MAIL = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address reaches, for 'is this the same person's address': case and spaces aside,
 * without a `+tag` sub-address, and for Google's domains without dots (docs/decisions/043).
 */
export function mailboxOf(email: string) {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const local = address.slice(0, at).split("+")[0];
  const domain = address.slice(at + 1);
  return GOOGLE_MAIL.has(domain) ? `${local.replaceAll(".", "")}@gmail.com` : `${local}@${domain}`;
}

/** A recommendation stays followable for 60 days from its creation. */
export const RECOMMENDATION_VALID_DAYS = 60;

export function isRecommendationFollowable(createdOn: string, today: string) {
  const created = Date.parse(`${createdOn}T00:00:00Z`);
  const now = Date.parse(`${today}T00:00:00Z`);
  return now - created <= RECOMMENDATION_VALID_DAYS * 24 * 60 * 60 * 1000;
}

/** The first day a recommendation made on `createdOn` can no longer be followed: from then on a new link for its product can be made. */
export function recommendationEndsOn(createdOn: string) {
  const day = 24 * 60 * 60 * 1000;
  return new Date(Date.parse(`${createdOn.slice(0, 10)}T00:00:00Z`) + (RECOMMENDATION_VALID_DAYS + 1) * day).toISOString().slice(0, 10);
}

/** Terms count as accepted for true, 'yes' or a number above 0. */
export function isTermsAccepted(value: unknown) {
  if (value === true) return true;
  if (typeof value === "string") return value.toLowerCase() === "yes" || value === "true" || value === "on" || Number(value) > 0;
  return typeof value === "number" && value > 0;
}

/** The steps of the status bar, in order; a recommendation without a contract leaves it. */
export const statusSteps = ["noReaction", "contract", "claimProcessing", "collectable", "collected", "processed", "paidOut"] as const;
export type StatusStep = (typeof statusSteps)[number] | "noContract" | "expired";

/** Where a recommendation stands on the status bar, from its status and its reward's payout status. */
export function statusStepOf(status: string, payout: string | null | undefined): StatusStep {
  if (status === "Storniert" || payout === "Storniert") return "noContract";
  if (payout === "Ausgezahlt") return "paidOut";
  if (status === "Gezahlt") return "processed";
  if (status === "Abgelaufen") return "expired";
  if (status === "Offen") return "noReaction";
  const byPayout: Record<string, StatusStep> = {
    Offen: "claimProcessing",
    Bereitgestellt: "collectable",
    Abgelaufen: "collectable",
    Abgeholt: "collected",
  };
  return (payout && byPayout[payout]) || "contract";
}
