// What an operator reads when a backend's replies cannot be read (issue 25): one warning per call
// and kind of problem, naming each issue (path, expected, received type, a redacted sample of the
// value) with a casing hint where keys differ only in case; for a reply that is not JSON its content
// type, encoding and first bytes, redacted. The same problem again is logged once per few minutes
// with how often it came meanwhile, and every one is counted for /metrics by call and kind.
import { LRUCache } from "lru-cache";
import type { z } from "zod";

export type ProblemKind =
  | "contract"
  | "not-json"
  | "unreadable"
  | "error-shape"
  | "envelope"
  | "no-code"
  | "paging"
  | "cookies"
  | "redirect"
  | "windows-auth"
  | "too-large"
  | "empty-as-404"
  | "slow"
  | "repaired";

const REPEAT_MS = 5 * 60_000;
const SAMPLE_CHARACTERS = 40;

/** A value shown in a log without what it holds: its type, length and shape, with letters and digits masked. */
export function redactedSample(value: unknown): string {
  if (value === undefined) return "absent";
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") return `number ${Number.isInteger(value) ? "(integer)" : "(fraction)"}`;
  if (Array.isArray(value)) return `list of ${value.length}`;
  if (typeof value === "object") return `object with keys ${Object.keys(value).slice(0, 8).join(", ")}`;
  const text = String(value);
  const masked = text
    .slice(0, SAMPLE_CHARACTERS)
    .replace(/[A-Za-zÀ-ÿ]/g, "a")
    .replace(/\d/g, "9");
  return `"${masked}${text.length > SAMPLE_CHARACTERS ? "…" : ""}" (${text.length} characters)`;
}

function receivedType(value: unknown) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function valueAt(root: unknown, path: PropertyKey[]) {
  let current = root;
  for (const key of path) current = current && typeof current === "object" ? (current as Record<PropertyKey, unknown>)[key] : undefined;
  return current;
}

/** Where the reply has the key in another case: `vorname` for `Vorname`. */
function casingHint(root: unknown, path: PropertyKey[]) {
  const key = path.at(-1);
  const parent = valueAt(root, path.slice(0, -1));
  if (typeof key !== "string" || !parent || typeof parent !== "object") return undefined;
  const sent = Object.keys(parent).find((candidate) => candidate !== key && candidate.toLowerCase() === key.toLowerCase());
  return sent ? `the reply has "${sent}": keys differ only in case (TENANTS_FILE dialect keys: "camelCase" reads them)` : undefined;
}

export type ContractIssue = { path: string; expected: string; received: string; sample: string; hint?: string };

/** One issue in a line: `Startdatum: expected string, received undefined (hint)`. */
export function issueLine({ path, expected, received, hint }: ContractIssue) {
  return `${path}: expected ${expected}, received ${received}${hint ? ` (${hint})` : ""}`;
}

/** Each issue of a failed parse, as an operator reads it. */
export function describeIssues(error: z.ZodError, reply: unknown): ContractIssue[] {
  return error.issues.slice(0, 10).map((issue) => {
    const value = valueAt(reply, issue.path);
    const expected = expectedOf(issue);
    const hint = casingHint(reply, issue.path) ?? cultureHint(value);
    return {
      path: issue.path.join(".") || "(the reply)",
      expected,
      received: receivedType(value),
      sample: redactedSample(value),
      ...(hint ? { hint } : {}),
    };
  });
}

/** What a field should have been, in an operator's words: a date's format named, not zod's "Invalid ISO date". */
function expectedOf(issue: z.core.$ZodIssue) {
  if (issue.code === "invalid_format" && /date|time/.test(issue.format)) return "an ISO 8601 date (2026-11-23T00:00:00)";
  return "expected" in issue && issue.expected ? String(issue.expected) : issue.message;
}

/** A date or a number written in a culture's format: the culture named, and what to ask the backend's team for. */
const CULTURE_FORMATS: [RegExp, string][] = [
  [/^\d{1,2}\/\d{1,2}\/\d{4}( \d{1,2}:\d{2}(:\d{2})? ?[AP]M)?$/i, "a date in the US culture's format (MM/DD/YYYY h:mm:ss AM)"],
  [/^\d{1,2}\.\d{1,2}\.\d{4}( \d{1,2}:\d{2}(:\d{2})?)?$/, "a date in the German culture's format (DD.MM.YYYY)"],
];

function cultureHint(value: unknown) {
  if (typeof value !== "string") return undefined;
  const culture = CULTURE_FORMATS.find(([pattern]) => pattern.test(value.trim()))?.[1];
  return (
    culture &&
    `${culture}: the service writes with its server's culture; ask for ISO 8601 dates and invariant numbers (Json.NET: DateFormatHandling.IsoDateFormat, an invariant Culture)`
  );
}

/** The first bytes of a body that is not JSON, with letters and digits masked (it may be a page with a name in it). */
export function redactedStart(text: string) {
  return text
    .slice(0, 120)
    .replace(/\s+/g, " ")
    .replace(/[A-Za-zÀ-ÿ]{4,}/g, (word) => (/^(html|head|body|title|doctype)$/i.test(word) ? word : "aaaa"))
    .replace(/\d/g, "9");
}

const E_MAIL = /[^\s@<>"]+@[^\s@<>"]+/g;
const MESSAGE_CHARACTERS = 160;

/**
 * A backend's own error message for the log: its words kept (they say what went wrong), cut, with what
 * may name a person masked: an e-mail address, and every digit (a number, a date, an IBAN).
 */
export function redactedMessage(text: string) {
  const cut = text.replace(/\s+/g, " ").trim();
  const masked = cut.slice(0, MESSAGE_CHARACTERS).replace(E_MAIL, "(an e-mail address)").replace(/\d/g, "9");
  return cut.length > MESSAGE_CHARACTERS ? `${masked}…` : masked;
}

/** The headings of an HTML page (IIS's "Server Error — 401 - Unauthorized: Access is denied…"), shortened: an error page's words, readable. */
export function headingOf(text: string) {
  const headings = [...text.slice(0, 8192).matchAll(/<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/gi)].map(([, inner]) =>
    inner
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
  const words = headings.filter(Boolean).join(" — ");
  return words ? words.slice(0, 160) : undefined;
}

/** The `<title>` of an HTML page (a gateway's login page, an IIS error), shortened: it names the page, not a person. */
export function titleOf(text: string) {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text.slice(0, 4096))?.[1]?.replace(/\s+/g, " ").trim();
  return title ? title.slice(0, 80) : undefined;
}

export function createProblemReporter({ onProblem = () => {} }: { onProblem?: (call: string, kind: ProblemKind) => void } = {}) {
  const seen = new LRUCache<string, { loggedAt: number; since: number }>({ max: 5_000 });
  return {
    /**
     * Counts a problem of `call`, and hands `write` what to log: at once the first time, then once per
     * few minutes with how often it came meanwhile.
     */
    report(
      call: string,
      kind: ProblemKind,
      signature: string,
      fields: Record<string, unknown>,
      write: (fields: Record<string, unknown>) => void,
    ) {
      onProblem(call, kind);
      const key = `${call}|${kind}|${signature}`;
      const known = seen.get(key);
      const now = Date.now();
      if (known && now - known.loggedAt < REPEAT_MS) {
        known.since++;
        return;
      }
      seen.set(key, { loggedAt: now, since: 0 });
      write({ ...fields, kind, ...(known ? { repeatedSinceLastLog: known.since } : {}) });
    },
  };
}
export type ProblemReporter = ReturnType<typeof createProblemReporter>;
