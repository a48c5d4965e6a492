// Structured JSON logs. Every string that reaches a log line is scrubbed: tokens, passwords,
// IBANs and e-mail addresses never appear in a log.
import pino from "pino";

export type Logger = pino.Logger;

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
const IBAN = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/g;
const BEARER = /Bearer\s+[^\s,"]+/gi;
const SECRET_QUERY = /([?&](?:t|token|code|verifier|state|password|passwort|secret|client_secret)=)[^&\s#"]*/gi;
const SECRET_KEY = /token|password|passwort|secret|authorization|cookie|iban|email|verifier/i;

export function scrub(text: string): string {
  return text
    .replace(BEARER, "Bearer [redacted]")
    .replace(SECRET_QUERY, "$1[redacted]")
    .replace(EMAIL, "[email]")
    .replace(IBAN, "[iban]");
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

export function createLogger({ level = "info", destination }: { level?: string; destination?: pino.DestinationStream } = {}): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => scrubValue(object) as Record<string, unknown>,
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
