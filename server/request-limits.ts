// Limits on what a request may carry (docs/security.md, request limits). A request with more header
// lines than the portal takes is refused whole (431), never cut. A form post states its length (every
// browser sends Content-Length with a form) and may not exceed the largest real form by much: a longer
// one gets 413 and its body is never read; one without a length gets 411; a body that is no form
// (JSON, text) gets 415. What is read is counted too, whatever the headers said (bodyWithinLimit).
// The address is bounded, and Remix's pre-single-fetch `?_data=` requests, which pick any matched
// route's action by its id, are not served at all.
import { type Readable, Transform } from "node:stream";
import type { RequestHandler } from "express";
import { BodyTooLargeError } from "../bff/platform/bounded-body.server";
import { sendPlainPage } from "./plain-pages";

/**
 * The largest real form is the contact form: 120 + 2,000 characters, which percent-encoded UTF-8
 * (up to 4 bytes a character, 3 characters a byte) makes at most about 26 KB with its other fields.
 */
export const FORM_BODY_LIMIT_BYTES = 32 * 1024;
export const URL_LIMIT_CHARACTERS = 4 * 1024;
/** Node's own default count; a browser sends about 20. */
export const MAX_HEADER_LINES = 100;
/** What the portal's forms post; a post without a body may have no type. */
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

export function requestLimits({ bodyLimitBytes = FORM_BODY_LIMIT_BYTES } = {}): RequestHandler {
  return (req, res, next) => {
    if (req.rawHeaders.length / 2 > MAX_HEADER_LINES) return refuseUnread(req, res, 431, "tooManyHeaders");
    if (req.originalUrl.length > URL_LIMIT_CHARACTERS) return sendPlainPage(req, res, 414, "badRequest");
    // Only a path (`/…`): an absolute address as the request target names a host of its own.
    if (!req.originalUrl.startsWith("/")) return sendPlainPage(req, res, 400, "badRequest");
    if (new URLSearchParams(req.originalUrl.split("?")[1] ?? "").has("_data")) return sendPlainPage(req, res, 400, "badRequest");
    // A path no route can read (`/%`, `/%zz`, a broken UTF-8 sequence): the visitor's mistake, not the portal's.
    if (!isDecodable(req.path)) return sendPlainPage(req, res, 400, "badRequest");
    if (BODYLESS.has(req.method)) return next();
    const length = Number(req.headers["content-length"] ?? (req.headers["transfer-encoding"] ? NaN : 0));
    if (Number.isNaN(length)) return refuseUnread(req, res, 411, "badRequest");
    if (length > bodyLimitBytes) return refuseUnread(req, res, 413, "payloadTooLarge");
    if (length > 0 && !FORM_TYPES.test(req.headers["content-type"] ?? "")) return refuseUnread(req, res, 415, "formUnreadable");
    next();
  };
}

/** The request's body as it is read, failing with BodyTooLargeError past `limit` bytes whatever its headers said. */
export function bodyWithinLimit(req: Readable, limit = FORM_BODY_LIMIT_BYTES): Readable {
  let read = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      if (read > limit) return done(new BodyTooLargeError(read, read, limit));
      done(null, chunk);
    },
  });
  req.on("error", (error) => counted.destroy(error));
  return req.pipe(counted);
}

function isDecodable(path: string) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Answers without reading the body, and closes the connection so the rest is never read either. */
function refuseUnread(
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
  status: number,
  message: "badRequest" | "payloadTooLarge" | "formUnreadable" | "tooManyHeaders",
) {
  res.set("Connection", "close");
  sendPlainPage(req, res, status, message);
}
