// Serves MSW request handlers behind a real node:http server on loopback, so the BFF's own
// undici client talks to them (MSW's interceptors do not see undici). Handlers are read per
// request, so a test's `use()` and `reset()` take effect at once.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { LRUCache } from "lru-cache";
import { getResponse, HttpHandler, matchRequestUrl, RequestHandler } from "msw";

export type HandlerSource = () => RequestHandler[];

const MAX_PATHS_PER_HANDLER = 1_000;
const pathMatchesOf = new WeakMap<RequestHandler, LRUCache<string, boolean>>();

function pathMatches(handler: HttpHandler, path: string, url: URL) {
  let seen = pathMatchesOf.get(handler);
  if (!seen) pathMatchesOf.set(handler, (seen = new LRUCache({ max: MAX_PATHS_PER_HANDLER })));
  const key = url.origin + url.pathname;
  let matches = seen.get(key);
  if (matches === undefined) seen.set(key, (matches = matchRequestUrl(url, path).matches));
  return matches;
}

/**
 * Whether MSW could pick this handler. MSW tries every handler in turn, compiling its path and parsing
 * the cookies each time (most of the simulator's CPU under load); it is handed only the handlers whose
 * method and path match, the path's answer kept per handler. MSW still decides among those.
 */
function mayHandle(handler: RequestHandler, request: Request, url: URL) {
  if (!(handler instanceof HttpHandler)) return true;
  const { method, path } = handler.info;
  if (typeof path !== "string") return true;
  const methodMatches = method instanceof RegExp ? method.test(request.method) : method.toUpperCase() === request.method.toUpperCase();
  return methodMatches && pathMatches(handler, path, url);
}

export type LoopbackServer = {
  url: string;
  close(): Promise<void>;
  /** Stops listening (new connections are refused, open ones end) and listens again after `ms`. */
  refuseConnectionsFor(ms: number): void;
};

/** The request's signal aborts when the caller hangs up before the reply (a handler may then drop the work). */
async function toFetchRequest(message: IncomingMessage, res: ServerResponse, origin: string): Promise<Request> {
  const hangUp = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) hangUp.abort();
  });
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const hasBody = chunks.length > 0 && message.method !== "GET" && message.method !== "HEAD";
  return new Request(new URL(message.url ?? "/", origin), {
    method: message.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
    signal: hangUp.signal,
  });
}

/** The reply as it comes: a body that trickles (simulators/dialects.ts, `dripped`) is written as it trickles. */
async function writeResponse(response: Response, res: ServerResponse) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // Each cookie a header of its own, as Set-Cookie cannot be joined.
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  const reader = response.body?.getReader();
  try {
    for (let piece = await reader?.read(); reader && piece && !piece.done; piece = await reader.read())
      if (!res.destroyed) res.write(piece.value);
  } catch {
    // A body that breaks off (the simulator's `cutShort` fault): the connection ends once what was written is out, as a backend's would.
    return void res.socket?.end();
  }
  res.end();
}

type ServeOptions = {
  port?: number;
  host?: string;
  routes?: Record<string, (request: Request) => Response | Promise<Response>>;
  /** Sees every request as it arrives, before any handler: where a test counts the calls the backend received. */
  onRequest?: (request: Request) => void;
  /** Answers a request before any handler, where it gives a reply (a farm's other node). */
  intercept?: (request: Request) => Response | undefined;
  /** Rewrites a handler's reply on its way out (the simulator's dialects); the own routes are left alone. */
  transform?: (request: Request, response: Response) => Promise<Response>;
  /** Whether a handler's reply comes after a `100 Continue` and a `103 Early Hints` no one asked for, as some proxies in front of IIS send them. */
  interimReplies?: () => boolean;
};

export async function serveHandlers(
  handlers: HandlerSource,
  {
    port = 0,
    host = "127.0.0.1",
    routes = {},
    onRequest,
    intercept = () => undefined,
    transform = async (_request, response) => response,
    interimReplies = () => false,
  }: ServeOptions = {},
): Promise<LoopbackServer> {
  let origin = "";
  const server = createServer((message, res) => void answer(message, res));
  async function answer(message: IncomingMessage, res: ServerResponse) {
    try {
      const request = await toFetchRequest(message, res, origin);
      const url = new URL(request.url);
      const own = routes[`${request.method} ${url.pathname}`];
      if (!own) onRequest?.(request);
      const candidates = () => handlers().filter((handler) => mayHandle(handler, request, url));
      if (own) return await writeResponse(await own(request), res);
      // MSW clones each request for its result, to log it (this server does not), and what the clones hold
      // outlived the young collections: under load the simulators promoted 216 MB in 15,000 calls with them
      // and 121 MB without, and paused for full collections every few seconds (docs/benchmarks.md). Given
      // the request itself as its clone, MSW makes none.
      RequestHandler.cache.set(request, request);
      const response =
        intercept(request) ??
        (await getResponse(candidates(), request)) ??
        Response.json({ Code: "PSOF0001", Message: "no such endpoint" }, { status: 404 });
      if (response.type === "error") return res.destroy();
      if (interimReplies()) {
        res.writeContinue();
        res.writeEarlyHints({ link: "</favicon.ico>; rel=preload; as=image" });
      }
      await writeResponse(await transform(request, response), res);
    } catch (error) {
      res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ Code: "PSOF0001", Message: String(error) }));
    }
  }
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const boundPort = (server.address() as AddressInfo).port;
  origin = `http://${host}:${boundPort}`;
  return {
    url: origin,
    refuseConnectionsFor(ms) {
      // After the current replies are out, so that the caller that switched this on gets its answer.
      setImmediate(() => {
        server.close();
        server.closeAllConnections();
        setTimeout(() => server.listen(boundPort, host), ms).unref();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
