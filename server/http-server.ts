// The portal's HTTP server: Node's, with explicit limits, making each request and response with the
// Express app's own prototypes.
import { createServer, IncomingMessage, ServerResponse } from "node:http";
import type { Express } from "express";

/** Node's default, set explicitly (docs/security.md, request limits): 16 KB of headers. */
export const MAX_HEADER_BYTES = 16 * 1024;
/** A client has this long to send its headers, and its whole request (a slow client holds a socket, not the process). */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** Longer than a balancer's idle timeout (nginx: 60 s), so the balancer closes first. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function createPortalServer(app: Express) {
  const server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      ...messagesMadeFor(app),
    },
    app,
  );
  // Node drops header lines past this count from `req.headers` yet still frames the body by them (a
  // dropped Content-Length hid a 60 MB body from the limit): none is dropped, and a request with more
  // lines than the portal takes is refused whole (server/request-limits.ts, 431).
  server.maxHeadersCount = 0;
  return server;
}

/**
 * Express 4's init gives every request and response its app's prototypes (`Object.setPrototypeOf`), and V8
 * keeps an object whose prototype changed, with all it reaches, through young-generation collections: each
 * request's objects were promoted to the old generation and left there for a full collection (decision 061).
 * Made with those prototypes, they need no change (V8 skips setting the prototype an object already has).
 */
function messagesMadeFor(app: Express) {
  // Node's own constructors, called as the functions they are, with the prototypes Express would give.
  function ExpressRequest(this: IncomingMessage, ...args: unknown[]) {
    Reflect.apply(IncomingMessage, this, args);
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(this: ServerResponse, ...args: unknown[]) {
    Reflect.apply(ServerResponse, this, args);
  }
  ExpressResponse.prototype = app.response;
  return {
    IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage,
    ServerResponse: ExpressResponse as unknown as typeof ServerResponse,
  };
}
