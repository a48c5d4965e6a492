// The simulator speaking as other backends do (issues 25 and 35): its replies rewritten on the way
// out, with its own code (never the portal's reader: a double that borrows the reader's helpers
// would share its mistakes). Dialects combine (`["dotnet", "padded"]`):
// - `dotnet`: an older ASP.NET Web API with Newtonsoft.Json's defaults. Dates as zone-less
//   date-times (`2026-11-23T00:00:00`), date-times as Berlin wall clock with 7 fractional digits,
//   an empty list as `null`, a UTF-8 byte-order mark, gzip whether asked or not, the framework's own
//   error bodies (`{"Message":"Authorization has been denied…"}` for an ended session, problem+json
//   with the code in `detail` for the others, `{"Message":"An error has occurred."}` for a 500), and
//   IIS's HTML page for a call it does not offer.
// - `camelCase`: ASP.NET Core's default: every key begins in lower case.
// - `padded`: codes and numbers from fixed-width `char(n)` columns, right-padded with spaces (`"telekom     "`,
//   `"AZ-100003       "`); the service compares what it is sent back with its columns as they are.
// - `ordinalEnums`: enums without a StringEnumConverter: their position in the list (`"Art": 1`).
// - `minValueDates`: an unset date as `DateTime.MinValue` (`0001-01-01T00:00:00`), not null.
// - `windows1252`: the reply encoded in windows-1252, as its Content-Type declares.
// - `emptyListsAs404`: an empty list answered as a bare 404.
// - `wrapped`: ASP.NET AJAX's `{"d": …}` around every reply.
// - `typeNames`: Newtonsoft's TypeNameHandling.All: every object names its .NET type first (`"$type"`), and
//   every list is an object with its type and the items under `"$values"`.
// - `forbiddenTokens`: a newer framework's answer to a token it no longer takes: 403 problem+json with no
//   legacy code and `WWW-Authenticate: Bearer error="invalid_token"`, for every 401 of a call that carried one.
// - `envelope`: errors wrapped in a 200, `{"Success": false, "Message": …, "ErrorCode": …}`.
// - `messageEnvelope`: errors wrapped in a 200 with only a message, no code: `{"Success": false, "Message": "…"}`.
// - `lyingPages`: server paging whose counts were cached apart from the query: every page says
//   `TotalCount` 3 at most, `PageCount` 1 and `HasNext` true, whatever rows it holds.
// - `usCulture`: dates and date-times as a service on a US-culture server writes them (`11/23/2026 12:00:00 AM`).
// - `twoContentTypes`: a second Content-Type after the reply's own (`text/html`, as a module of IIS adds one).
// - `casedNames`: enum values and roles in capitals (`"GUTSCHEIN"`, `"AGENTURINHABER"`).
// - `textBooleans`: booleans as `"True"` and `"False"`.
// - `stringIds`: numeric ids (`Id`, `…Id`) as strings of digits.
// - `controlCharacters`: names with a NUL inside and a lone surrogate at the end, as a broken import leaves them.
import { gzipSync } from "node:zlib";

export const DIALECTS = [
  "dotnet",
  "camelCase",
  "padded",
  "ordinalEnums",
  "minValueDates",
  "windows1252",
  "emptyListsAs404",
  "wrapped",
  "typeNames",
  "forbiddenTokens",
  "envelope",
  "messageEnvelope",
  "lyingPages",
  "usCulture",
  "twoContentTypes",
  "casedNames",
  "textBooleans",
  "stringIds",
  "controlCharacters",
] as const;
export type Dialect = (typeof DIALECTS)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const MIN_VALUE = "0001-01-01T00:00:00";
const PADDED_WIDTH = 20;

const IIS_404 =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN"><html><head><title>404 - File or directory not found.</title></head><body><h2>404 - File or directory not found.</h2></body></html>';

/** The enums of the backend, by the key they stand under: a number sent for one is its place in the list. */
const ENUMS: Record<string, readonly string[]> = {
  ProduktApi: ["telekom", "allianz", "standard"],
  Art: ["Ueberweisung", "Gutschein"],
  Status: ["Ok", "Abgelaufen", "Offen", "Gezahlt", "Storniert", "Eingegangen", "InBearbeitung", "Abgeschlossen", "Freigegeben"],
  PraemienStatus: ["Offen", "Bereitgestellt", "Ausgezahlt", "Abgeholt", "Storniert", "Abgelaufen"],
  Rolle: ["AgenturInhaber", "AgenturMitarbeiter"],
  Rollen: ["AgenturInhaber", "AgenturMitarbeiter"],
  Ansprache: ["du", "Sie"],
};
/** Codes from fixed-width columns: the enums, and the tenant's id. */
const CODES = [...Object.keys(ENUMS), "Mandant"];
/** Numbers the service keeps in fixed-width columns, and takes back only as it sent them. */
const NUMBERS = ["Empfehlungsnummer", "Empfaengernummer", "Kundennummer"];
/** Dates a reply may leave unset: where a reward has none, MinValue stands in their place. */
const OPTIONAL_DATES = ["Enddatum", "EnddatumAnzeige"];

const berlinParts = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** A moment as the Berlin server's clock shows it, `2026-11-23T10:15:00`: the Swedish format is ISO's. */
function berlinClock(instant: number) {
  return berlinParts.format(new Date(instant)).replace(" ", "T");
}

/** Every object and list of a reply rewritten by `visit`, children first. */
function rewrite(value: unknown, visit: (value: unknown) => unknown): unknown {
  if (Array.isArray(value)) return visit(value.map((item) => rewrite(item, visit)));
  if (value && typeof value === "object")
    return visit(Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rewrite(item, visit)])));
  return visit(value);
}

function mapCodes(value: unknown, keys: readonly string[], code: (key: string, text: string) => unknown) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([key, item]) => {
    if (!keys.includes(key)) return [key, item];
    if (typeof item === "string") return [key, code(key, item)];
    if (Array.isArray(item)) return [key, item.map((element) => (typeof element === "string" ? code(key, element) : element))];
    return [key, item];
  });
  return Object.fromEntries(entries);
}

/** The keys whose values are names shown to people: where a broken import leaves control characters. */
const NAME_KEYS = ["Name", "Bezeichnung"];
const ID_KEY = /^(Id|\w+Id)$/;

function mapEntries(value: unknown, map: (key: string, item: unknown) => unknown) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, map(key, item)]));
}

const VALUE_QUIRKS: Partial<Record<Dialect, (value: unknown) => unknown>> = {
  casedNames: (value) => mapCodes(value, Object.keys(ENUMS), (_key, text) => text.toUpperCase()),
  textBooleans: (value) => mapEntries(value, (_key, item) => (typeof item === "boolean" ? (item ? "True" : "False") : item)),
  stringIds: (value) => mapEntries(value, (key, item) => (ID_KEY.test(key) && typeof item === "number" ? String(item) : item)),
  controlCharacters: (value) =>
    mapEntries(value, (key, item) =>
      NAME_KEYS.includes(key) && typeof item === "string" && item.length > 2 ? `${item.slice(0, 2)}\u0000${item.slice(2)}\uD800` : item,
    ),
  lyingPages: (value) =>
    value && typeof value === "object" && "Content" in value && "TotalCount" in value
      ? { ...value, TotalCount: Math.min(Number(value.TotalCount), 3), PageCount: 1, HasNext: true }
      : value,
  padded: (value) => mapCodes(value, [...CODES, ...NUMBERS], (_key, text) => text.padEnd(PADDED_WIDTH)),
  ordinalEnums: (value) => mapCodes(value, Object.keys(ENUMS), (key, text) => Math.max(0, ENUMS[key].indexOf(text))),
  minValueDates: (value) => {
    if (!value || typeof value !== "object" || Array.isArray(value) || !("Startdatum" in value)) return value;
    const unset = OPTIONAL_DATES.filter((key) => (value as Record<string, unknown>)[key] == null);
    return { ...value, ...Object.fromEntries(unset.map((key) => [key, MIN_VALUE])) };
  },
  camelCase: (value) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key.charAt(0).toLowerCase() + key.slice(1), item]))
      : value,
  typeNames: (value) => {
    if (Array.isArray(value))
      return { $type: "System.Collections.Generic.List`1[[Legacy.Api.Models.Item, Legacy.Api]], mscorlib", $values: value };
    if (value && typeof value === "object") return { $type: "Legacy.Api.Models.Reply, Legacy.Api", ...value };
    return value;
  },
  usCulture: (value) => {
    if (typeof value !== "string" || !(ISO_DATE.test(value) || ISO_DATE_TIME.test(value))) return value;
    const [year, month, day] = value.slice(0, 10).split("-").map(Number);
    return `${month}/${day}/${year} 12:00:00 AM`;
  },
  dotnet: (value) => {
    if (Array.isArray(value)) return value.length === 0 ? null : value;
    if (typeof value === "string" && ISO_DATE.test(value)) return `${value}T00:00:00`;
    if (typeof value === "string" && ISO_DATE_TIME.test(value)) return `${berlinClock(Date.parse(value))}.0000000`;
    return value;
  },
};

/** Values first, then the keys they stand under are changed, then how .NET writes them. */
const QUIRK_ORDER: readonly Dialect[] = [
  "lyingPages",
  "minValueDates",
  "padded",
  "casedNames",
  "ordinalEnums",
  "textBooleans",
  "stringIds",
  "controlCharacters",
  "camelCase",
  "usCulture",
  "dotnet",
  "typeNames",
];

/** The framework's error body for a legacy error reply. */
function dotNetError(status: number, code: string | undefined) {
  if (status === 401 && code === "PSOF0204") return { Message: "Authorization has been denied for this request." };
  if (status >= 500) return { Message: "An error has occurred." };
  return { type: "https://tools.ietf.org/html/rfc7231#section-6.5.1", title: "Bad Request", status, detail: code };
}

/** What windows-1252 puts at 0x80–0x9F where Latin-1 has its control characters (0x81, 0x8D, 0x8F, 0x90, 0x9D are unused). */
const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

/** Text in windows-1252: Latin-1 as it is, 0x80–0x9F as the code page has them, anything else a question mark. */
function windows1252(text: string) {
  return Buffer.from(
    [...text].map((char) => {
      const high = WINDOWS_1252_HIGH.indexOf(char);
      if (high >= 0 && char.charCodeAt(0) > 0x9f) return 0x80 + high;
      const code = char.charCodeAt(0);
      return code < 0x100 && (code < 0x80 || code > 0x9f) ? code : 0x3f;
    }),
  );
}

function serialise(dialects: readonly Dialect[], body: unknown, status: number, headers: Headers) {
  const charset = dialects.includes("windows1252") ? "windows-1252" : "utf-8";
  // .NET's StreamWriter marks UTF-8 with a byte-order mark; windows-1252 has none.
  const text = `${dialects.includes("dotnet") && charset === "utf-8" ? "\uFEFF" : ""}${JSON.stringify(body)}`;
  const bytes = charset === "utf-8" ? Buffer.from(text, "utf8") : windows1252(text);
  headers.set("content-type", `application/json; charset=${charset}`);
  if (dialects.includes("twoContentTypes")) headers.append("content-type", "text/html");
  headers.delete("content-length");
  if (!dialects.includes("dotnet")) return new Response(bytes, { status, headers });
  headers.set("content-encoding", "gzip");
  return new Response(gzipSync(bytes), { status, headers });
}

export function iis404(headers = new Headers()) {
  headers.set("content-type", "text/html");
  headers.delete("content-length");
  return new Response(IIS_404, { status: 404, headers });
}

/** A token the backend no longer takes, as a newer framework answers it: 403 problem+json, no legacy code. */
function forbidden(headers: Headers) {
  headers.set("www-authenticate", 'Bearer error="invalid_token", error_description="The access token is invalid or has expired"');
  const body = {
    type: "https://tools.ietf.org/html/rfc7231#section-6.5.3",
    title: "Forbidden",
    status: 403,
    detail: "The access token is invalid.",
  };
  headers.set("content-type", "application/problem+json; charset=utf-8");
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: 403, headers });
}

/** An error as a 200 envelope: what the legacy body said, under the envelope's own names; a 404 says so in `StatusCode`. */
function enveloped(body: unknown, status: number, headers: Headers) {
  const { Code, Message } = (body ?? {}) as { Code?: string; Message?: string | null };
  const envelope = { Success: false, Message: Message ?? "Ein Fehler ist aufgetreten.", ErrorCode: Code ?? null, Data: null };
  headers.set("content-type", "application/json; charset=utf-8");
  headers.delete("content-length");
  return new Response(JSON.stringify(status === 404 ? { ...envelope, StatusCode: 404 } : envelope), { status: 200, headers });
}

/** What a service that writes no codes says for each refusal, in its own words. */
const MESSAGES: Record<string, string> = {
  PSOF0101: "Benutzername oder Kennwort ist falsch.",
  PSOF0219: "Die Empfehlung wurde nicht gefunden.",
};

/** An error as a 200 envelope with only the service's message: the code stays inside the service. */
function messageEnveloped(body: unknown, headers: Headers) {
  const { Code } = (body ?? {}) as { Code?: string };
  headers.set("content-type", "application/json; charset=utf-8");
  headers.delete("content-length");
  const envelope = { Success: false, Message: MESSAGES[Code ?? ""] ?? "Bei der Verarbeitung ist ein Fehler aufgetreten." };
  return new Response(JSON.stringify(envelope), { status: 200, headers });
}

/** The simulator's reply as a backend of those dialects sends it. Binary replies (pictures) pass as they are. */
export async function speak(dialects: readonly Dialect[], response: Response, request?: Request): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  const headers = new Headers(response.headers);
  const dotnet = dialects.includes("dotnet");
  if (dotnet && response.status === 404 && !type.includes("json")) return iis404(headers);
  if (!type.includes("json")) return response;
  const text = await response.text();
  const body: unknown = text === "" ? null : JSON.parse(text);
  if (dotnet && response.status === 404 && (body as { Message?: string } | null)?.Message === "no such endpoint") return iis404(headers);
  if (response.status === 401 && dialects.includes("forbiddenTokens") && request?.headers.has("authorization")) return forbidden(headers);
  // A route the service does not have is the framework's 404, not the application's error: never enveloped.
  const unrouted = (body as { Message?: string } | null)?.Message === "no such endpoint";
  const code = response.status >= 400 && !unrouted ? (body as { Code?: string } | null)?.Code : undefined;
  if (code && dialects.includes("envelope")) return enveloped(body, response.status, headers);
  // The framework's authorisation ends a session before the application could wrap it.
  if (code && code !== "PSOF0204" && dialects.includes("messageEnvelope")) return messageEnveloped(body, headers);
  if (response.status >= 400) {
    const error = dotnet ? dotNetError(response.status, (body as { Code?: string } | null)?.Code) : body;
    return serialise(dialects, dialects.includes("camelCase") ? rewrite(error, VALUE_QUIRKS.camelCase!) : error, response.status, headers);
  }
  if (dialects.includes("emptyListsAs404") && Array.isArray(body) && body.length === 0) return new Response(null, { status: 404 });
  const spoken = QUIRK_ORDER.filter((quirk) => dialects.includes(quirk)).reduce(
    (value, quirk) => rewrite(value, VALUE_QUIRKS[quirk]!),
    body,
  );
  return serialise(dialects, dialects.includes("wrapped") ? { d: spoken } : spoken, response.status, headers);
}

/** A reply whose body arrives in small pieces over `ms`: a backend or a proxy that trickles. */
export function dripped(response: Response, ms: number): Response {
  const pieces = 20;
  const source = response.arrayBuffer();
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const bytes = new Uint8Array(await source);
      const size = Math.ceil(bytes.length / pieces);
      await new Promise((resolve) => setTimeout(resolve, ms / pieces));
      controller.enqueue(bytes.subarray(sent * size, (sent + 1) * size));
      if (++sent >= pieces) controller.close();
    },
  });
  return new Response(body, { status: response.status, headers });
}
