// Remix's request handler for Express, as @remix-run/express makes it, with less work per request
// (issue 39's profile: the adapter was a tenth of a page's CPU): the URL is parsed once (by the
// Request), one listener aborts the loaders when the client goes away, the response's headers are
// appended by Node without Express's merging, and a response whose length is known (a page is
// rendered into one buffer, which comes beside the Response; a redirect has no body) is sent with that
// length instead of in chunks.
import { createReadableStreamFromReadable, createRequestHandler as createRemixHandler, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { renderedPageOf } from "../bff/platform/page-response.server";
import { bodyWithinLimit } from "./request-limits";

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => unknown;
};

/** Responses that never carry a body or a length (RFC 9110, 6.4.1). */
const WITHOUT_BODY = new Set([101, 204, 205, 304]);

/** The port the browser used: the forwarded host's (where Express trusts it) or the Host header's, as Remix reads it. */
function portOf(req: ExpressRequest) {
  for (const host of [req.get("X-Forwarded-Host"), req.get("host")]) {
    const port = Number.parseInt(host?.split(":")[1] ?? "", 10);
    if (Number.isSafeInteger(port)) return `:${port}`;
  }
  return "";
}

function headersOf(req: ExpressRequest) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value) headers.set(name, value);
  }
  return headers;
}

export function requestOf(req: ExpressRequest, res: ExpressResponse): Request {
  const controller = new AbortController();
  // Loaders and actions stop once the response can no longer be written (closed before it finished).
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`${req.protocol}://${req.hostname}${portOf(req)}${req.originalUrl}`, {
    method: req.method,
    headers: headersOf(req),
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(bodyWithinLimit(req)), duplex: "half" } : {}),
  } as RequestInit);
}

async function writeBody(res: ExpressResponse & { flush?: () => void }, body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      res.write(chunk.value);
      // Compression holds bytes back; a stream's chunk goes out as it comes.
      res.flush?.();
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}

export async function sendResponse(req: ExpressRequest, res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.statusCode = response.status;
  for (const [name, value] of response.headers) res.appendHeader(name, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  const page = renderedPageOf(response);
  if (page) return void res.end(page);
  if (response.body) return writeBody(res, response.body);
  if (req.method !== "HEAD" && !WITHOUT_BODY.has(response.status)) res.setHeader("Content-Length", "0");
  res.end();
}

export function createRequestHandler({ build, mode, getLoadContext }: Options): RequestHandler {
  const handleRequest = createRemixHandler(build, mode);
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const request = requestOf(req, res);
    handleRequest(request, getLoadContext(req, res) as never)
      .then((response) => sendResponse(req, res, response))
      .catch(next);
  };
}
