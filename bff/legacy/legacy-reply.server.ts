// The tolerant reader at the legacy API's boundary, in one place: what an older ASP.NET backend sends
// and means the same as the contract says is read as the contract says it; what really differs is
// refused loudly, here with a hint or by the schema afterwards (docs/legacy-api.md, "Pointing the
// portal at your backend"; docs/decisions/053).
// - a body (its Content-Encoding undone as it is read, with a cap): its declared charset decoded, a UTF-8 byte-order mark dropped;
// - `null`: absent (so defaults apply), an empty list where a list is meant, kept where the contract allows null;
// - dates: a date, a date-time with or without zone or offset and up to 7 fractional digits, or
//   `/Date(ms)/`; a zone-less date-time is Europe/Berlin's; where a date is meant, its calendar day;
//   `DateTime.MinValue` is absent where a date is optional;
// - numbers kept as text (`legacyNumber` strings: Empfehlungsnummer, Empfaengernummer): fixed-width padding trimmed (noted once);
// - codes (enums, literals, `legacyCode` strings): fixed-width padding trimmed; a known name in another
//   casing read as that name, where only one name matches (noted once); an unknown role noted;
// - booleans: `"True"`/`"False"` in any case and `1`/`0` (noted once);
// - numbers: a whole number sent as a string of digits, within 2^53 (noted once);
// - text: NUL, other C0 controls and lone surrogates dropped (noted once, naming the field);
// - wrappers: `{"d"}` around a reply, `{"$id", "$values"}` and OData's `{"value"}` around a list;
// - Newtonsoft's type names (`"$type"`, TypeNameHandling): metadata of the serialiser, left out;
// - keys in another casing only where the operator declared that dialect (TENANTS_FILE `dialect`);
// - refused with a hint: enums as numbers, optional keys in another casing, decimal strings for
//   numbers, whole numbers beyond 2^53 (as numbers or as strings), `$ref`, MinValue where a date is required;
// - error replies: the legacy code wherever the framework put it.
import type { z } from "zod";
import type { Dialect } from "../platform/config.server";
import { codeNamesOf, isLegacyCode, isLegacyNumber } from "./legacy-code";

const BERLIN = "Europe/Berlin";
/** A legacy error code (`PSOF0204`) or the backend's named wildcard codes (`KontoGesperrtWildcard`). */
const LEGACY_CODE = /^(PSOF\d{4}|[A-Za-z]+Wildcard)$/;

/** JSON, or `undefined` where the text is none (an HTML page, half a document). An empty body is `null`. */
export function jsonOf(text: string): unknown {
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type ErrorShape = "legacy" | "problem" | "string" | "message" | "envelope" | "empty" | "html" | "unknown";

const asCode = (value: unknown) => (typeof value === "string" && LEGACY_CODE.test(value.trim()) ? value.trim() : undefined);

/** The legacy code of an error reply wherever it stands: `Code`, `ErrorCode`, problem+json's `detail` or `title`, a bare string, `Message`. */
export function legacyErrorOf(text: string): { code?: string; shape: ErrorShape; message?: string } {
  const json = jsonOf(text);
  if (json === null) return { shape: "empty" };
  if (json === undefined) return { shape: /^\s*</.test(text) ? "html" : "unknown" };
  if (typeof json === "string") return { code: asCode(json), shape: "string" };
  if (typeof json !== "object" || Array.isArray(json)) return { shape: "unknown" };
  const body = json as Record<string, unknown>;
  const direct = asCode(body.Code) ?? asCode(body.code) ?? asCode(body.ErrorCode) ?? asCode(body.errorCode);
  if (direct) return { code: direct, shape: "legacy" };
  if ("detail" in body || "title" in body) return { code: asCode(body.detail) ?? asCode(body.title), shape: "problem" };
  if ("Message" in body || "message" in body) {
    const code = asCode(body.Message) ?? asCode(body.message);
    return code ? { code, shape: "message" } : { shape: "message", message: textOf(body.Message ?? body.message) };
  }
  return { shape: "unknown" };
}

/** A message the backend wrote, where it is text. */
const textOf = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);

/** An envelope's keys, in whatever case the backend wrote them. */
function keysInAnyCase(value: object) {
  return new Map(Object.entries(value).map(([key, item]) => [key.toLowerCase(), item]));
}

/**
 * An error in a 200, as .NET services often wrap them: `{"Success": false, "Message": …, "ErrorCode": …}`
 * (or `IsSuccess`), keys in any case; null for any other reply, and for a call whose own reply has such a
 * key. Its status: the envelope's `StatusCode` or `Status` where it gives one, else 400 for a refusal the
 * error table can name, 502 for one it cannot.
 */
export function errorEnvelopeOf(json: unknown, schema: z.ZodType): { code?: string; status: number; message?: string } | null {
  if (!json || typeof json !== "object" || Array.isArray(json)) return null;
  const keys = keysInAnyCase(json);
  const flag = keys.has("success") ? keys.get("success") : keys.get("issuccess");
  if (flag !== false && !(typeof flag === "string" && flag.trim().toLowerCase() === "false")) return null;
  const ownKeys = Object.keys(core(schema).def.shape ?? {}).map((key) => key.toLowerCase());
  if (ownKeys.includes("success") || ownKeys.includes("issuccess")) return null;
  const code = asCode(keys.get("errorcode")) ?? asCode(keys.get("code")) ?? asCode(keys.get("message"));
  const declared = Number(keys.get("statuscode") ?? keys.get("status"));
  const status = declared >= 400 && declared <= 599 ? declared : code && code !== "PSOF0001" ? 400 : 502;
  return { code, status, ...(code ? {} : { message: textOf(keys.get("message")) }) };
}

// --- dates ---

const DATE_TIME =
  /^(?<date>\d{4}-\d{2}-\d{2})(?:[T ](?<time>\d{2}:\d{2}(?::\d{2})?)(?:\.(?<fraction>\d{1,7}))?(?<zone>Z|[+-]\d{2}:?\d{2})?)?$/i;
const MS_DATE = /^\/Date\((?<ms>-?\d+)(?<offset>[+-]\d{4})?\)\/$/;

const berlinParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: BERLIN,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

const HOUR_MS = 3_600_000;
/** Berlin's offset from UTC in each UTC hour asked about: since 1893 it changes only on the hour. */
const berlinOffsetByHour = new Map<number, number>();
const REMEMBERED_HOURS = 10_000;

/** Berlin's offset at an instant, asked of the time zone data once per hour (Intl's formatting is the slow part of reading a date). */
function berlinOffsetMs(instant: number) {
  const hour = Math.floor(instant / HOUR_MS);
  let offset = berlinOffsetByHour.get(hour);
  if (offset === undefined) {
    const parts = Object.fromEntries(berlinParts.formatToParts(new Date(hour * HOUR_MS)).map(({ type, value }) => [type, Number(value)]));
    const wall = new Date(0);
    wall.setUTCFullYear(parts.year, parts.month - 1, parts.day);
    wall.setUTCHours(parts.hour, parts.minute, parts.second);
    offset = wall.getTime() - hour * HOUR_MS;
    if (berlinOffsetByHour.size >= REMEMBERED_HOURS) berlinOffsetByHour.clear();
    berlinOffsetByHour.set(hour, offset);
  }
  return offset;
}

/** Europe/Berlin's wall clock at an instant, as `YYYY-MM-DD` and `HH:MM:SS`. */
export function berlinWallClock(instant: number) {
  const wall = new Date(instant + berlinOffsetMs(instant)).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 19) };
}

/** The instant of a Berlin wall-clock time (the first, where a clock change repeats an hour). */
function berlinInstant(date: string, time: string) {
  const asUtc = Date.parse(`${date}T${time}Z`);
  for (const offsetHours of [2, 1]) {
    const candidate = asUtc - offsetHours * 3_600_000;
    const wall = berlinWallClock(candidate);
    if (wall.date === date && wall.time === time) return candidate;
  }
  return asUtc - 3_600_000;
}

/** The instant and Berlin calendar day a backend's date or date-time names; null when it names none. */
export function readLegacyDate(value: string): { instant: number; day: string } | null {
  const ms = MS_DATE.exec(value.trim());
  if (ms?.groups) {
    const instant = Number(ms.groups.ms);
    return { instant, day: berlinWallClock(instant).date };
  }
  const match = DATE_TIME.exec(value.trim());
  if (!match?.groups) return null;
  const { date, time, fraction, zone } = match.groups;
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) return null;
  if (!time) return { instant: berlinInstant(date, "00:00:00"), day: date };
  const seconds = time.length === 5 ? `${time}:00` : time;
  if (Number.isNaN(Date.parse(`${date}T${seconds}Z`))) return null;
  const millis = Number(`0.${fraction ?? "0"}`) * 1000;
  if (!zone) {
    // No zone: the wall clock of the backend, in Berlin; its day is the one written.
    return { instant: berlinInstant(date, seconds) + Math.floor(millis), day: date };
  }
  const offset = zone.toUpperCase() === "Z" ? "Z" : zone.replace(/^([+-]\d{2})(\d{2})$/, "$1:$2");
  const instant = Date.parse(`${date}T${seconds}${offset}`) + Math.floor(millis);
  return Number.isNaN(instant) ? null : { instant, day: berlinWallClock(instant).date };
}

/**
 * A free-form cell (agency reports) that names a date or a moment: a date where it names a whole
 * day (a date, or a Berlin midnight), else the moment as ISO; any other text as it is.
 */
export function readMoment(value: string): string {
  const read = readLegacyDate(value);
  if (!read) return value;
  const wall = berlinWallClock(read.instant);
  return wall.date === read.day && wall.time === "00:00:00" && read.instant % 1000 === 0 ? read.day : new Date(read.instant).toISOString();
}

// --- a reply read against its schema ---

/** What the reader refuses while it reads (the schema refuses the rest): where, what it found, and what the operator can do. */
export type ReadIssue = { path: string; expected: string; received: string; hint: string };

export type ReadOptions = {
  /** The backend's declared dialect: with camelCase keys, keys match whatever their case. */
  dialect?: Dialect;
  /** Where the reader puts what it refuses; a reply with any is refused whole. */
  issues?: ReadIssue[];
  /** Where the reader puts what it read as meant but an operator should know (a casing, a boolean as text, a control character dropped). */
  notes?: ReadIssue[];
};

type Def = {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
};

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

const WRAPPERS = new Set(["optional", "default", "prefault", "readonly", "catch", "nonoptional", "nullable"]);
/** Wrappers under which a value may be absent. */
const MAY_BE_ABSENT = new Set(["optional", "default", "prefault", "catch", "nullable"]);

type Core = { def: Def; schema: z.ZodType; nullable: boolean; optional: boolean };

/** The schema under its optional, default and nullable wrappers, and whether they allow null or nothing. */
function core(schema: z.ZodType): Core {
  let current = schema;
  let nullable = false;
  let optional = false;
  for (let def = defOf(current); ; def = defOf(current)) {
    if (def.type === "nullable") nullable = true;
    if (MAY_BE_ABSENT.has(def.type)) optional = true;
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in) current = def.in;
    else return { def, schema: current, nullable, optional };
  }
}

/** .NET's `DateTime.MinValue`: how an unset `DateTime` is sent, in any of the date forms. */
const DATE_TIME_MIN_VALUE = /^(0001-01-01([T ]00:00(:00(\.0{1,7})?)?(Z|[+-]00:?00)?)?|\/Date\(-62135596800000([+-]\d{4})?\)\/)$/i;

const HINTS = {
  casing: (sent: string) => `the reply has "${sent}": keys differ only in case (TENANTS_FILE dialect keys: "camelCase" reads them)`,
  ordinal: "the backend sends enums as numbers; it needs a StringEnumConverter",
  decimalString: 'a number sent as a decimal string ("50.00"): the contract sends numbers, and money as whole cents, never text',
  decimalComma:
    "a number in the German culture's format (a decimal comma, \"12,50\"): the service writes with its server's culture; the contract sends numbers, and money as whole cents (an invariant Culture)",
  unsafeInteger:
    "a whole number beyond 2^53 (9007199254740991) cannot be held exactly, sent as a number or as a string: the portal reads ids up to 2^53, as numbers or as strings of digits",
  digitString: "a whole number sent as a string of digits: read as the number",
  paddedNumber: "a number padded to its column's width (char(n)): read and sent back without the spaces",
  booleanText: 'a boolean sent as "True"/"False" or 1/0: read as the boolean',
  codeCasing: (known: string) => `a name in another casing: read as "${known}"`,
  unknownName: (known: readonly string[]) =>
    `a name the portal does not know (it knows ${known.join(", ")}): nothing it does rests on it (a role grants nothing)`,
  controlCharacters: "NUL, other control characters or lone surrogates in text: dropped before it reaches a page or a log",
  minValue: "DateTime.MinValue (0001-01-01), an unset DateTime, where the contract needs a date",
  reference: 'a "$ref" to another object: the backend serialises with PreserveReferencesHandling; it must send the object itself',
} as const;

/** What is being read, and where: `path` is one stack for the whole reply, a key pushed while its value is read. */
type Reading = { options: ReadOptions; path: (string | number)[] };

/** Issues named of one reply: enough to see the pattern, however many rows repeat it. */
const MAX_ISSUES = 10;

function refuse({ options, path }: Reading, expected: string, received: string, hint: string) {
  if (options.issues && options.issues.length < MAX_ISSUES)
    options.issues.push({ path: path.join(".") || "(the reply)", expected, received, hint });
}

/** What was read as meant, for the operator: one note per place and kind, enough to see the pattern. */
function note({ options, path }: Reading, expected: string, received: string, hint: string) {
  if (!options.notes || options.notes.length >= MAX_ISSUES) return;
  const at = path.map((step) => (typeof step === "number" ? "*" : step)).join(".") || "(the reply)";
  if (!options.notes.some((known) => known.path === at && known.hint === hint)) options.notes.push({ path: at, expected, received, hint });
}

/** C0 controls but tab, line feed and carriage return; DEL; and any surrogate, paired ones checked again below. */
// eslint-disable-next-line no-control-regex -- control characters are what these look for
const SUSPECT_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uD800-\uDFFF]/;
const UNWANTED_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- as above
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text without NUL, other control characters and lone surrogates: they never reach a page or a log line. */
function cleanText(value: string, reading: Reading): string {
  if (!SUSPECT_CHARACTERS.test(value)) return value;
  const clean = value.replace(UNWANTED_CHARACTERS, "");
  if (clean !== value) note(reading, "text", "control characters or lone surrogates", HINTS.controlCharacters);
  return clean;
}

const namesBySchema = new WeakMap<z.ZodType, { names: readonly string[]; noteUnknown: boolean }>();

/** The names a code may take: an enum's, a string literal's, or those a marked code is known by (worked out once per schema). */
function namesOf({ def, schema }: Core) {
  let names = namesBySchema.get(schema);
  if (!names) {
    const marked = codeNamesOf(schema);
    const listed = def.type === "enum" ? Object.values(def.entries ?? {}) : def.type === "literal" ? (def.values ?? []) : marked.known;
    names = { names: listed.filter((name): name is string => typeof name === "string"), noteUnknown: marked.noteUnknown };
    namesBySchema.set(schema, names);
  }
  return names;
}

/** A code as the portal names it: padding trimmed, another casing read as the one name it matches; an unknown one of a known list noted. */
function readCode(value: string, target: Core, reading: Reading): string {
  const trimmed = value.trim();
  const { names, noteUnknown } = namesOf(target);
  if (names.length === 0 || names.includes(trimmed)) return trimmed;
  const matches = names.filter((name) => name.toLowerCase() === trimmed.toLowerCase());
  if (matches.length === 1) {
    note(reading, `"${matches[0]}"`, `"${trimmed}"`, HINTS.codeCasing(matches[0]));
    return matches[0];
  }
  // An enum refuses it loudly afterwards; an open list (roles) keeps it, and the operator hears of it.
  if (noteUnknown) note(reading, `one of ${names.join(", ")}`, `"${trimmed}"`, HINTS.unknownName(names));
  return trimmed;
}

/** A value read under `key`: the path grows while it is read, without a copy per field. */
function readUnder(key: string | number, value: unknown, schema: z.ZodType, reading: Reading) {
  reading.path.push(key);
  const read = readAt(value, schema, reading);
  reading.path.pop();
  return read;
}

/** Whether a schema takes a name from a fixed list: an enum, a string literal, a marked code. */
function isCode({ def, schema }: Core) {
  if (def.type === "enum") return true;
  if (def.type === "literal") return def.values?.some((value) => typeof value === "string") ?? false;
  return def.type === "string" && isLegacyCode(schema);
}

function readDate(value: string, target: Core, reading: Reading): unknown {
  if (DATE_TIME_MIN_VALUE.test(value.trim())) {
    if (target.optional) return target.nullable ? null : undefined;
    refuse(reading, `a ${target.def.format === "date" ? "date" : "date-time"}`, "0001-01-01", HINTS.minValue);
    return value;
  }
  const read = readLegacyDate(value);
  if (!read) return value;
  if (target.def.format === "date") return read.day;
  if (target.def.format === "datetime") return new Date(read.instant).toISOString();
  return value;
}

const DECIMAL_STRING = /^\s*-?\d+([.,]\d+)?\s*$/;
const DIGITS = /^\s*-?\d+\s*$/;
const BOOLEAN_TEXT = /^\s*(true|false)\s*$/i;

function readString(value: string, target: Core, reading: Reading): unknown {
  if (isCode(target)) return readCode(value, target, reading);
  if (isLegacyNumber(target.schema)) return readPaddedNumber(value, reading);
  if (target.def.type === "number" && DIGITS.test(value)) return readDigits(value, reading);
  if (target.def.type === "number" && DECIMAL_STRING.test(value))
    refuse(reading, "a number", "a decimal string", value.includes(",") ? HINTS.decimalComma : HINTS.decimalString);
  if (target.def.type === "boolean" && BOOLEAN_TEXT.test(value)) {
    note(reading, "a boolean", `"${value.trim()}"`, HINTS.booleanText);
    return value.trim().toLowerCase() === "true";
  }
  if (target.def.format === "date" || target.def.format === "datetime") return readDate(value, target, reading);
  return value;
}

/** A number from a fixed-width column, without the spaces that fill it: sent back padded, the backend would not know it. */
function readPaddedNumber(value: string, reading: Reading) {
  const trimmed = value.trim();
  if (trimmed !== value) note(reading, "a number without padding", "a number padded with spaces", HINTS.paddedNumber);
  return trimmed;
}

/** A whole number sent as a string of digits: the number, where it can be held exactly (one rule for ids however they come). */
function readDigits(value: string, reading: Reading): unknown {
  const number = Number(value.trim());
  if (!Number.isSafeInteger(number)) {
    refuse(reading, "an exact number", "a string of digits beyond 2^53", HINTS.unsafeInteger);
    return value;
  }
  note(reading, "a number", "a string of digits", HINTS.digitString);
  return number;
}

/** Where a number stands in the reply: one beyond 2^53 has lost digits; one where a name belongs is an enum's ordinal; 1 or 0 for a boolean. */
function readNumber(value: number, target: Core, reading: Reading): unknown {
  if (Number.isInteger(value) && !Number.isSafeInteger(value))
    refuse(reading, "an exact number", "a number beyond 2^53", HINTS.unsafeInteger);
  else if (isCode(target)) refuse(reading, "a name", `the number ${value}`, HINTS.ordinal);
  else if (target.def.type === "boolean" && (value === 0 || value === 1)) {
    note(reading, "a boolean", `the number ${value}`, HINTS.booleanText);
    return value === 1;
  }
  return value;
}

const NEWTONSOFT_LIST_KEYS = new Set(["$values", "$id", "$type"]);

function readKeyed(value: Record<string, unknown>, def: Def, reading: Reading) {
  const { options } = reading;
  if (typeof value.$ref === "string") refuse(reading, "an object", "a $ref", HINTS.reference);
  // The .NET type Newtonsoft names with TypeNameHandling: nothing the contract says, so nothing to read.
  const { $type: _typeName, ...read }: Record<string, unknown> = value;
  const byLowerCase = new Map(Object.keys(value).map((key) => [key.toLowerCase(), key]));
  const shape = def.shape ?? {};
  for (const [key, fieldSchema] of Object.entries(shape)) {
    let sent: string | undefined = key;
    if (!(key in value)) {
      sent = byLowerCase.get(key.toLowerCase());
      // Never dropped: an optional key in another case would leave the part silently at its default.
      if (sent !== undefined && options.dialect?.keys !== "camelCase") {
        reading.path.push(key);
        refuse(reading, `the key "${key}"`, `"${sent}"`, HINTS.casing(sent));
        reading.path.pop();
        continue;
      }
    }
    if (sent === undefined) continue;
    delete read[sent];
    const field = readUnder(key, value[sent], fieldSchema, reading);
    if (field !== undefined) read[key] = field;
  }
  const rest = def.catchall && defOf(def.catchall).type !== "unknown" ? def.catchall : def.valueType;
  if (rest) for (const key of Object.keys(read)) if (!(key in shape)) read[key] = readUnder(key, read[key], rest, reading);
  return read;
}

/**
 * Wrappers .NET frameworks put around a payload, where nothing else can be meant (docs/decisions/053):
 * Newtonsoft's `{"$id", "$values"}` for a list with references kept (and `"$type"` where it names types),
 * and OData's `{"value"}` beside only `odata.`/`@odata.` annotations.
 */
function unwrapList(value: Record<string, unknown>): unknown {
  const keys = Object.keys(value);
  if (Array.isArray(value.$values) && keys.every((key) => NEWTONSOFT_LIST_KEYS.has(key))) return value.$values;
  if (Array.isArray(value.value) && keys.every((key) => key === "value" || /^@?odata\./i.test(key))) return value.value;
  return value;
}

function readAt(sent: unknown, schema: z.ZodType, reading: Reading): unknown {
  const value = typeof sent === "string" ? cleanText(sent, reading) : sent;
  const target = core(schema);
  const { def, nullable } = target;
  if (value === null) {
    if (nullable) return null;
    return def.type === "array" ? [] : undefined;
  }
  const isObject = value !== undefined && typeof value === "object" && !Array.isArray(value);
  switch (def.type) {
    case "object":
    case "record":
      return isObject ? readKeyed(value as Record<string, unknown>, def, reading) : value;
    case "array": {
      const list = isObject ? unwrapList(value as Record<string, unknown>) : value;
      return Array.isArray(list) && def.element ? list.map((item, index) => readUnder(index, item, def.element!, reading)) : list;
    }
    case "union":
      // A cell that may be text or a number (agency reports): a date or moment in it reads as one.
      if (typeof value === "string" && def.options?.some((option) => core(option).def.type === "string")) return readMoment(value);
      break;
    default:
      if (typeof value === "string") return readString(value, target, reading);
  }
  return typeof value === "number" ? readNumber(value, target, reading) : value;
}

/** Whether a call's reply is a list (a list call's 404 without a code is an empty list). */
export function isListSchema(schema: z.ZodType) {
  return core(schema).def.type === "array";
}

/** ASP.NET AJAX's `{"d": …}` around a whole reply, where the contract's reply has no `d` of its own. */
function unwrapReply(value: unknown, schema: z.ZodType): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const { def } = core(schema);
  return keys.length === 1 && keys[0] === "d" && !(def.shape && "d" in def.shape) ? (value as { d: unknown }).d : value;
}

/** A value as the backend sent it, read against its schema by the rules above. */
export function readValue(value: unknown, schema: z.ZodType, options: ReadOptions = {}): unknown {
  return readAt(unwrapReply(value, schema), schema, { options, path: [] });
}
