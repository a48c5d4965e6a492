// The faults the legacy simulator can be switched to (POST /__control `fault`): the backend does no
// work in any of them. Connection refused is the listener's `refuseConnectionsFor` (http-adapter.ts).
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { createGzip } from "node:zlib";
import { delay, HttpResponse } from "msw";
import { legacyError } from "./replies";

/**
 * How a call fails instead of being answered: `slow` waits `ms` (default beyond any timeout) and
 * drops the call when the caller gave up; `error500` answers 500; `malformed` answers 200 with
 * half a JSON document; `contract` answers 200 with JSON that fits no reply schema;
 * `sessionExpired` answers 401 PSOF0204; `notImplemented` a bare 404; `refused` answers 400 with the
 * fault's `code` (a backend that refuses what it was sent, as it may where the portal's checks let it pass);
 * `tokenRefused` answers 401 with the fault's `code`, or the framework's `{"Message"}` without one (a token
 * the backend no longer knows); `redirect` answers 302 to a login page (a gateway in front of the backend);
 * `formsAuthExpired` answers as ASP.NET forms authentication does to a ticket that expired: 302 to its own
 * `/Account/Login?ReturnUrl=…`;
 * `windowsAuth` answers as IIS does where Windows authentication guards the site: 401 with
 * `WWW-Authenticate: Negotiate` and `NTLM`, and its HTML error page;
 * `inflating` answers 200 with a gzip reply of a few hundred KB that inflates to `mb` MB of valid JSON (400);
 * `busy` answers 429 with `Retry-After` (`ms` rounded up to seconds, 5 s by default); `nullReply` answers 200
 * `null` and `emptyReply` 200 with no body, where an object is meant; `cutShort` begins a 200 whose
 * Content-Length promises more than it sends, then closes the connection.
 */
export const FAULT_KINDS = [
  "slow",
  "error500",
  "malformed",
  "contract",
  "sessionExpired",
  "notImplemented",
  "refused",
  "tokenRefused",
  "redirect",
  "formsAuthExpired",
  "windowsAuth",
  "inflating",
  "busy",
  "nullReply",
  "emptyReply",
  "cutShort",
] as const;
export type Fault = {
  kind: (typeof FAULT_KINDS)[number];
  /** Calls whose `METHOD /path` contains this; every call when empty. */ path: string;
  ms?: number;
  /** The legacy code of a `refused` call. */
  code?: string;
  /** What an `inflating` reply inflates to, in MB. */
  mb?: number;
};

const SLOW_FAULT_MS = 120_000;
const BUSY_FAULT_MS = 5_000;
const INFLATING_FAULT_MB = 400;
const inflatingReplies = new Map<number, Promise<Buffer>>();

/** IIS's page for a request Windows authentication refused. */
const IIS_401 =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN"><html><head><title>401 - Unauthorized: Access is denied due to invalid credentials.</title></head><body><div id="header"><h1>Server Error</h1></div><div id="content"><fieldset><h2>401 - Unauthorized: Access is denied due to invalid credentials.</h2><h3>You do not have permission to view this directory or page using the credentials that you supplied.</h3></fieldset></div></body></html>';

/** `{"Padding":1` and `mb` MB of spaces and `}`, gzipped a megabyte at a time (never held inflated), made once per size. */
function inflatingReply(mb: number) {
  let reply = inflatingReplies.get(mb);
  if (!reply) {
    const spaces = Buffer.alloc(1024 * 1024, 0x20);
    reply = buffer(
      Readable.from([Buffer.from('{"Padding":1'), ...Array.from({ length: mb }, () => spaces), Buffer.from("}")]).pipe(createGzip()),
    );
    inflatingReplies.set(mb, reply);
  }
  return reply;
}

/** A 200 that promises 5,000 bytes, sends the start of a document, and breaks off (the adapter then closes the connection). */
function cutShortReply() {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"Id":1,"Name":"Geldpr'));
    },
    pull(controller) {
      controller.error(new Error("the backend broke off its reply"));
    },
  });
  return new HttpResponse(body, { headers: { "content-type": "application/json; charset=utf-8", "content-length": "5000" } });
}

/** The reply of a call that the fault names, or null to answer it normally. */
export async function faultReply(fault: Fault | null, request: Request): Promise<Response | null> {
  if (!fault || !`${request.method} ${new URL(request.url).pathname}`.includes(fault.path)) return null;
  switch (fault.kind) {
    case "slow":
      await delay(fault.ms ?? SLOW_FAULT_MS);
      return request.signal.aborted ? HttpResponse.error() : null;
    case "error500":
      return legacyError(500, "PSOF0001", "switched to fail");
    case "malformed":
      return new HttpResponse('{"Code": "PSOF00', { status: 200, headers: { "content-type": "application/json" } });
    case "contract":
      return HttpResponse.json({ Unerwartet: [true] });
    case "sessionExpired":
      return legacyError(401, "PSOF0204", "session ended");
    case "notImplemented":
      // An older backend without the call: a bare 404, as a web server answers an unknown path.
      return new HttpResponse(null, { status: 404 });
    case "refused":
      return legacyError(400, fault.code ?? "PSOF0001", "switched to refuse");
    case "tokenRefused":
      return fault.code
        ? legacyError(401, fault.code, "token refused")
        : HttpResponse.json({ Message: "Authorization has been denied for this request." }, { status: 401 });
    case "redirect":
      return new HttpResponse(null, { status: 302, headers: { location: "https://gateway.example/login?ReturnUrl=%2Fapi" } });
    case "formsAuthExpired": {
      const { pathname, search } = new URL(request.url);
      return new HttpResponse(null, {
        status: 302,
        headers: { location: `/Account/Login?ReturnUrl=${encodeURIComponent(pathname + search)}` },
      });
    }
    case "windowsAuth": {
      const headers = new Headers({ "content-type": "text/html" });
      headers.append("www-authenticate", "Negotiate");
      headers.append("www-authenticate", "NTLM");
      return new HttpResponse(IIS_401, { status: 401, headers });
    }
    case "busy":
      return HttpResponse.json(
        { Message: "Too many requests" },
        { status: 429, headers: { "retry-after": String(Math.ceil((fault.ms ?? BUSY_FAULT_MS) / 1000)) } },
      );
    case "nullReply":
      return new HttpResponse("null", { headers: { "content-type": "application/json; charset=utf-8" } });
    case "emptyReply":
      return new HttpResponse(null, { status: 200, headers: { "content-type": "application/json; charset=utf-8" } });
    case "cutShort":
      return cutShortReply();
    case "inflating":
      return new HttpResponse(await inflatingReply(fault.mb ?? INFLATING_FAULT_MB), {
        headers: { "content-type": "application/json; charset=utf-8", "content-encoding": "gzip" },
      });
  }
}
