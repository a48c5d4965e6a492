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

/** Of age from 00:00 on the 18th birthday (BGB §§ 187(2), 188(2)); dates as `YYYY-MM-DD`. */
export function isOfAge(birthDate: string, today: string, years = 18) {
  const [year, month, day] = birthDate.split("-").map(Number);
  const birthday = new Date(Date.UTC(year + years, month - 1, day));
  // Born on 29 February: the birthday in a common year is 1 March (Date rolls over by itself).
  return birthday.toISOString().slice(0, 10) <= today;
}

/** A recommendation stays followable for 60 days from its creation. */
export const RECOMMENDATION_VALID_DAYS = 60;

export function isRecommendationFollowable(createdOn: string, today: string) {
  const created = Date.parse(`${createdOn}T00:00:00Z`);
  const now = Date.parse(`${today}T00:00:00Z`);
  return now - created <= RECOMMENDATION_VALID_DAYS * 24 * 60 * 60 * 1000;
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
