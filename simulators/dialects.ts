// The simulator speaking as other backends do (issue 25): its replies rewritten on the way out.
// - `dotnet`: an older ASP.NET Web API with Newtonsoft.Json's defaults. Dates as zone-less
//   date-times (`2026-11-23T00:00:00`), date-times as Berlin wall clock with 7 fractional digits,
//   an empty list as `null`, a UTF-8 byte-order mark, gzip whether asked or not, the framework's own
//   error bodies (`{"Message":"Authorization has been denied…"}` for an ended session, problem+json
//   with the code in `detail` for the others, `{"Message":"An error has occurred."}` for a 500), and
//   IIS's HTML page for a call it does not offer.
// - `camelCase`: ASP.NET Core's default: every key begins in lower case.
import { gzipSync } from "node:zlib";
import { berlinWallClock } from "../bff/core/legacy-reply.server";

export const DIALECTS = ["dotnet", "camelCase"] as const;
export type Dialect = (typeof DIALECTS)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const IIS_404 =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN"><html><head><title>404 - File or directory not found.</title></head><body><h2>404 - File or directory not found.</h2></body></html>';

function dotNetValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(dotNetValue);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, dotNetValue(item)]));
  if (typeof value === "string" && ISO_DATE.test(value)) return `${value}T00:00:00`;
  if (typeof value === "string" && ISO_DATE_TIME.test(value)) {
    const wall = berlinWallClock(Date.parse(value));
    return `${wall.date}T${wall.time}.0000000`;
  }
  return value;
}

function camelCaseValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCaseValue);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key.charAt(0).toLowerCase() + key.slice(1), camelCaseValue(item)]),
    );
  }
  return value;
}

function dotNetReply(body: unknown, status: number, headers: Headers) {
  const json = Buffer.from(`\uFEFF${JSON.stringify(body)}`, "utf8");
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("content-encoding", "gzip");
  headers.delete("content-length");
  return new Response(gzipSync(json), { status, headers });
}

/** The framework's error body for a legacy error reply. */
function dotNetError(status: number, code: string | undefined) {
  if (status === 401 && code === "PSOF0204") return { Message: "Authorization has been denied for this request." };
  if (status >= 500) return { Message: "An error has occurred." };
  return { type: "https://tools.ietf.org/html/rfc7231#section-6.5.1", title: "Bad Request", status, detail: code };
}

/** The simulator's reply as a backend of that dialect sends it. Binary replies (pictures) pass as they are. */
export async function speak(dialect: Dialect, response: Response): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  const headers = new Headers(response.headers);
  if (dialect === "dotnet" && response.status === 404 && !type.includes("json")) {
    headers.set("content-type", "text/html");
    return new Response(IIS_404, { status: 404, headers });
  }
  if (!type.includes("json")) return response;
  const text = await response.text();
  const body: unknown = text === "" ? null : JSON.parse(text);
  if (dialect === "camelCase") return new Response(JSON.stringify(camelCaseValue(body)), { status: response.status, headers });
  if (response.status === 404 && (body as { Message?: string } | null)?.Message === "no such endpoint") {
    headers.set("content-type", "text/html");
    return new Response(IIS_404, { status: 404, headers });
  }
  if (response.status >= 400)
    return dotNetReply(dotNetError(response.status, (body as { Code?: string } | null)?.Code), response.status, headers);
  return dotNetReply(dotNetValue(body), response.status, headers);
}
