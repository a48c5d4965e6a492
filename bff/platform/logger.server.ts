// Structured JSON logs. Every string that reaches a log line is scrubbed: tokens, passwords,
// IBANs and e-mail addresses never appear in a log.
import pino from "pino";
import { currentTrace } from "./trace-context.server";

export type Logger = pino.Logger;

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
// Either case: an IBAN typed in lower case is an IBAN all the same. At least 13 characters (the
// shortest IBAN has 15): the 12 hex digits that end a request id (a UUID) are none.
const IBAN = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}\s?[A-Z0-9]{1,4}\b/gi;
/** A run of URL text with percent-encodings in it (a query value, a path segment). */
const ENCODED_RUN = /[^\s"'<>&?=#/;]*%[0-9a-f]{2}[^\s"'<>&?=#/;]*/gi;
const BEARER = /Bearer\s+[^\s,"]+/gi;
const SECRET_KEY = /token|password|passwort|secret|authorization|cookie|iban|email|verifier/i;
/** Query parameters that carry a secret, by their name as the server decodes it, up to its first character that is no letter, digit, `-` or `_`. */
const SECRET_PARAMETERS = new Set(["t", "w", "token", "code", "verifier", "state", "password", "passwort", "secret", "client_secret"]);
/** A value the portal sealed (bff/platform/seal.server.ts: `<keyId>.<base64url>`), whatever the parameter's name. */
const SEALED_VALUE = /^[0-9a-f]{8}\.[\w-]{38,}$/;
/** Names that carry a secret wherever the word stands in them (`access_token`, `id_token`, `new_password`). */
const SECRET_IN_NAME = /token|passw|secret|verifier|credential|api_?key/;
/** A path segment after one of these is a token: the admin login `/login/{token}`. */
const TOKEN_PATH_PREFIXES = new Set(["login"]);
const QUERY_PARAMETER = /([?&;])([^=&;#\s"'<>?]+)=([^&;#\s"'<>]*)/g;
/** A path, from its first slash or backslash (a browser, and so the router, reads `\` as `/`). */
const PATH = /[/\\][^\s"'<>?#]*/g;
/** What separates a path's segments for the router: a slash, a backslash, or either percent-encoded (also twice). */
const SEGMENT_SEPARATOR = /([/\\]|%(?:25)*(?:2f|5c))/i;

/** A URL part decoded as often as it takes to see through double encoding; as it is where it does not decode. */
function decoded(part: string): string {
  let current = part;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current.replace(/\+/g, " "));
    } catch {
      return current;
    }
    if (next === current) break;
    current = next;
  }
  return current.trim().toLowerCase();
}

/** Whether a parameter's name, however spelt (`token[]`, `token.x`, `token%00`, `access_token`), names a secret. */
function isSecretParameter(name: string) {
  const plain = decoded(name);
  const base = /[a-z0-9_-]+/.exec(plain)?.[0] ?? "";
  return SECRET_PARAMETERS.has(base) || SECRET_IN_NAME.test(plain);
}

function redactParameters(text: string) {
  return text.replace(QUERY_PARAMETER, (all, separator: string, name: string, value: string) =>
    isSecretParameter(name) || SEALED_VALUE.test(decoded(value)) ? `${separator}${name}=[redacted]` : all,
  );
}

/** A segment as the router compares it: decoded, without line breaks or tabs, `;` parameters or single fetch's `.data`. */
function routerSegment(segment: string) {
  return decoded(segment)
    .replace(/[\t\n\r]/g, "")
    .replace(/;.*$/s, "")
    .replace(/\.data$/, "");
}

/**
 * Redacts every segment the router would read as the token of a token path: after `login`, however
 * the path is spelt (letter case, encodings, backslashes, `;` parameters, `.` and `..` segments). An
 * encoded slash (`/login%2F{token}`) is no route of the portal's, but its token is a token all the same.
 */
function redactTokenPaths(text: string) {
  return text.replace(PATH, (path) => {
    const parts = path.split(SEGMENT_SEPARATOR);
    const read: string[] = [];
    return parts
      .map((part, index) => {
        if (index % 2 === 1 || part === "") return part;
        const segment = routerSegment(part);
        const isToken = TOKEN_PATH_PREFIXES.has(read.at(-1) ?? "");
        if (segment === "..") read.pop();
        else if (segment !== ".") read.push(segment);
        return isToken ? "[redacted]" : part;
      })
      .join("");
  });
}

function redactPersonalData(text: string) {
  return text.replace(EMAIL, "[email]").replace(IBAN, "[iban]");
}

/** An encoded run whose decoded value holds an e-mail address or an IBAN (`anna%40example.org`) is redacted whole. */
function redactEncodedPersonalData(text: string) {
  return text.replace(ENCODED_RUN, (run) => {
    const plain = decoded(run);
    return redactPersonalData(plain) === plain ? run : redactPersonalData(plain);
  });
}

export function scrub(text: string): string {
  return redactPersonalData(redactEncodedPersonalData(redactTokenPaths(redactParameters(text.replace(BEARER, "Bearer [redacted]")))));
}

function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrub(value);
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (value instanceof Error) return { type: value.name, message: scrub(value.message) };
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? "[redacted]" : scrubValue(item, depth + 1)]),
  );
}

function traceIdField() {
  const trace = currentTrace();
  return trace ? { traceId: trace.traceId } : {};
}

export function createLogger({ level = "info", destination }: { level?: string; destination?: pino.DestinationStream } = {}): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        // The request's trace id in every line written while it is served (bff/platform/trace-context.server.ts),
        // after the scrubbing: 32 hex digits, checked as such, that may look like an IBAN to the scrubber.
        log: (object) => ({ ...(scrubValue(object) as Record<string, unknown>), ...traceIdField() }),
      },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((arg) => (typeof arg === "string" ? scrub(arg) : arg)) as Parameters<typeof method>;
          method.apply(this, scrubbed);
        },
      },
    },
    destination,
  );
}
