// The tolerant reader at the legacy API's boundary, in one place: what an older ASP.NET backend sends
// and means the same as the contract says is read as the contract says it; what really differs is
// refused loudly by the schema afterwards (docs/legacy-api.md, "Pointing the portal at your backend").
// - a body: its declared Content-Encoding undone, a UTF-8 byte-order mark dropped;
// - `null`: absent (so defaults apply), an empty list where a list is meant, kept where the contract allows null;
// - dates: a date, a date-time with or without zone or offset and up to 7 fractional digits, or
//   `/Date(ms)/`; a zone-less date-time is Europe/Berlin's; where a date is meant, its calendar day;
// - keys in another casing only where the operator declared that dialect (TENANTS_FILE `dialect`);
// - error replies: the legacy code wherever the framework put it.
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from "node:zlib";
import type { z } from "zod";

const BERLIN = "Europe/Berlin";
const BYTE_ORDER_MARK = "\uFEFF";
/** A legacy error code (`PSOF0204`) or the backend's named wildcard codes (`KontoGesperrtWildcard`). */
const LEGACY_CODE = /^(PSOF\d{4}|[A-Za-z]+Wildcard)$/;

export class UnreadableReplyError extends Error {}

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string) {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(",") : (value ?? "")).trim();
}

function decode(body: Buffer, encoding: string): Buffer {
  switch (encoding) {
    case "":
    case "identity":
      return body;
    case "gzip":
    case "x-gzip":
      return gunzipSync(body);
    case "deflate":
      // Some servers send raw deflate under this name.
      try {
        return inflateSync(body);
      } catch {
        return inflateRawSync(body);
      }
    case "br":
      return brotliDecompressSync(body);
    default:
      throw new UnreadableReplyError(`unknown content encoding ${encoding}`);
  }
}

/** The reply's text: each declared Content-Encoding undone (last applied, first undone), a byte-order mark dropped. */
export function replyText(body: Buffer, headers: Headers): string {
  const encodings = header(headers, "content-encoding")
    .toLowerCase()
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  let decoded = body;
  try {
    for (const encoding of encodings.reverse()) decoded = decode(decoded, encoding);
  } catch (error) {
    if (error instanceof UnreadableReplyError) throw error;
    throw new UnreadableReplyError(`declared ${encodings.join(", ")} but could not be decoded`);
  }
  const text = decoded.toString("utf8");
  return text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
}

/** JSON, or `undefined` where the text is none (an HTML page, half a document). An empty body is `null`. */
export function jsonOf(text: string): unknown {
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type ErrorShape = "legacy" | "problem" | "string" | "message" | "empty" | "html" | "unknown";

/** The legacy code of an error reply wherever it stands: `Code`, `code`, problem+json's `detail` or `title`, a bare string, `Message`. */
export function legacyErrorOf(text: string): { code?: string; shape: ErrorShape } {
  const json = jsonOf(text);
  if (json === null) return { shape: "empty" };
  if (json === undefined) return { shape: /^\s*</.test(text) ? "html" : "unknown" };
  const asCode = (value: unknown) => (typeof value === "string" && LEGACY_CODE.test(value.trim()) ? value.trim() : undefined);
  if (typeof json === "string") return { code: asCode(json), shape: "string" };
  if (typeof json !== "object" || Array.isArray(json)) return { shape: "unknown" };
  const body = json as Record<string, unknown>;
  const direct = asCode(body.Code) ?? asCode(body.code);
  if (direct) return { code: direct, shape: "legacy" };
  if ("detail" in body || "title" in body) return { code: asCode(body.detail) ?? asCode(body.title), shape: "problem" };
  if ("Message" in body || "message" in body) return { code: asCode(body.Message) ?? asCode(body.message), shape: "message" };
  return { shape: "unknown" };
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

/** Europe/Berlin's wall clock at an instant, as `YYYY-MM-DD` and `HH:MM:SS`. */
export function berlinWallClock(instant: number) {
  const parts = Object.fromEntries(berlinParts.formatToParts(new Date(instant)).map(({ type, value }) => [type, value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
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

export type ReadOptions = {
  /** Keys matched whatever their case (a declared camelCase dialect). */
  anyKeyCase?: boolean;
};

type Def = {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
};

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

const WRAPPERS = new Set(["optional", "default", "prefault", "readonly", "catch", "nonoptional", "nullable"]);

/** The schema under its optional, default and nullable wrappers, and whether one of them allows null. */
function core(schema: z.ZodType): { def: Def; schema: z.ZodType; nullable: boolean } {
  let current = schema;
  let nullable = false;
  for (let def = defOf(current); ; def = defOf(current)) {
    if (def.type === "nullable") nullable = true;
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in) current = def.in;
    else return { def, schema: current, nullable };
  }
}

function readDate(value: unknown, format: string | undefined): unknown {
  if (typeof value !== "string") return value;
  const read = readLegacyDate(value);
  if (!read) return value;
  if (format === "date") return read.day;
  if (format === "datetime") return new Date(read.instant).toISOString();
  return value;
}

function readObject(value: Record<string, unknown>, shape: Record<string, z.ZodType>, options: ReadOptions) {
  const read: Record<string, unknown> = { ...value };
  const byLowerCase = options.anyKeyCase ? new Map(Object.keys(value).map((key) => [key.toLowerCase(), key])) : null;
  for (const [key, fieldSchema] of Object.entries(shape)) {
    const sent = key in value ? key : byLowerCase?.get(key.toLowerCase());
    if (sent === undefined) continue;
    delete read[sent];
    const field = readValue(value[sent], fieldSchema, options);
    if (field !== undefined) read[key] = field;
  }
  return read;
}

/** A value as the backend sent it, read against its schema by the rules above. */
export function readValue(value: unknown, schema: z.ZodType, options: ReadOptions = {}): unknown {
  const { def, nullable } = core(schema);
  if (value === null) {
    if (nullable) return null;
    return def.type === "array" ? [] : undefined;
  }
  switch (def.type) {
    case "object":
      return value && typeof value === "object" && !Array.isArray(value) && def.shape
        ? readObject(value as Record<string, unknown>, def.shape, options)
        : value;
    case "array":
      return Array.isArray(value) && def.element ? value.map((item) => readValue(item, def.element!, options)) : value;
    case "record":
      return value && typeof value === "object" && !Array.isArray(value) && def.valueType
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, readValue(item, def.valueType!, options)]))
        : value;
    case "string":
      return readDate(value, def.format);
    case "union":
      // A cell that may be text or a number (agency reports): a date or moment in it reads as one.
      return typeof value === "string" && def.options?.some((option) => core(option).def.type === "string") ? readMoment(value) : value;
    default:
      return value;
  }
}
