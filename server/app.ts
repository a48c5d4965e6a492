// The Express app: the path read as browsers read it, request logs and metrics, no cookie for a
// preview fetch, security headers, health checks, the served hosts and request limits, compression,
// static assets, the CSRF check, rate limits, logged-out sessions, sliding session refresh, and the
// Remix request handler.
import { randomUUID } from "node:crypto";
import { extname } from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { ViteDevServer } from "vite";
import type { BackendCookieJar } from "../bff/legacy/backend-cookies.server";
import { runInTrace, traceOf } from "../bff/platform/trace-context.server";
import type { Bff } from "../bff/portal/services.server";
import { channelFromQuery } from "../bff/session/channel.server";
import { scopeOfHost } from "../bff/session/cookies.server";
import { backendCookies } from "./backend-cookies";
import { readPathAsBrowsersDo } from "./browser-path";
import { csrfProtection } from "./csrf";
import { carryWidgetParameter, sampleParentPage, sendTopLevelVisitsToParent } from "./embedding";
import { frameCookies } from "./frame-cookies";
import { dropUntrustedForwardedHost, servedHostsOnly } from "./hosts";
import { refuseLoggedOutSessions } from "./logged-out-sessions";
import { countRequests, labelled, markStatic } from "./metrics";
import { servePageTexts } from "./page-texts";
import { sendPlainPage } from "./plain-pages";
import { loadPortalBuild, type PortalBuild } from "./portal-build";
import { previewFetchesSetNoCookie } from "./preview-fetches";
import { privateByDefault } from "./private-by-default";
import { clientOf, rateLimits } from "./rate-limit";
import { createRequestHandler } from "./remix-handler";
import { deadlineOf, startRequestDeadline } from "./request-deadline";
import { requestLimits } from "./request-limits";
import { retryAfterWhenUnavailable } from "./retry-after";
import { withFailuresAsResponses } from "./route-failures";
import { createRouteOfRequest, nameRoute } from "./route-of-request";
import { securityHeaders } from "./security-headers";
import { crawlerRanges, type Resolver, systemResolver, verifyCrawlers } from "./verified-crawlers";

const REQUEST_ID = /^[\w-]{8,64}$/;

/**
 * The request's W3C trace (the balancer's `traceparent`, or a new one) around everything that serves it;
 * where spans are exported, its span ends with the answer, named by the route that gave it.
 */
function traceRequests(): RequestHandler {
  return (req, res, next) => {
    const trace = traceOf(req.get("traceparent"), req.method);
    const { span } = trace;
    if (span)
      // "close" comes after the last byte, or when the client went away before it.
      res.once("close", () => {
        const route = res.locals.metricsRoute ?? res.locals.route ?? "none";
        const attributes = {
          "http.request.method": req.method,
          "http.route": route,
          "http.response.status_code": res.statusCode,
          "server.address": req.hostname,
        };
        span.end({ name: `${req.method} ${route}`, attributes, failed: res.statusCode >= 500 });
      });
    runInTrace(trace, next);
  };
}

function requestIdAndLog(bff: Bff): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers["x-request-id"] = requestId;
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      bff.logger.info(
        {
          requestId,
          method: req.method,
          path: req.originalUrl,
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
          host: req.hostname,
        },
        "request",
      );
    });
    next();
  };
}

/** A channel or campaign in the query is kept in the channel cookie. */
function rememberChannel(bff: Bff): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" && req.url.includes("?")) {
      const channel = channelFromQuery(new URL(req.originalUrl, "http://portal.invalid"));
      if (channel) res.append("Set-Cookie", bff.choices.channel.write(scopeOfHost(req.hostname), channel));
    }
    next();
  };
}

/** Sliding expiry: a page view in the second half of the idle window renews the session cookie. */
function refreshSession(bff: Bff): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" && req.headers.cookie) {
      const renewed = bff.cookies.user.refresh({ ...scopeOfHost(req.hostname), headers: new Headers({ cookie: req.headers.cookie }) });
      if (renewed) res.append("Set-Cookie", renewed);
    }
    next();
  };
}

/** Pages have no file extension: only asset-like paths touch the disk. */
function onlyFilePaths(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (extname(req.path) ? handler(req, res, next) : next());
}

function health(bff: Bff): express.Router {
  const router = express.Router();
  router.use(["/healthz", "/readyz"], labelled("health"));
  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // For a balancer: can this instance serve? For a monitor, `?tenant=`: can it serve that tenant?
  // Answered from each tenant's last check, never waiting for a backend (bff/tenant/readiness.server.ts).
  router.get("/readyz", (req, res) => {
    res.set("Cache-Control", "no-store");
    const tenant = typeof req.query.tenant === "string" ? req.query.tenant : undefined;
    if (tenant !== undefined) {
      const state = bff.readiness.checkTenant(tenant);
      if (!state) return void res.status(404).json({ status: "unknown tenant" });
      return void res.status(state.ready ? 200 : 503).json({ status: state.ready ? "ready" : "unavailable", tenant, ...state });
    }
    const { ready, tenants, problems, checkedAt } = bff.readiness.check();
    // Shared state that Redis cannot keep now is reported, not made a reason to leave the balancer: every instance shares that Redis.
    const sharedState = { ...bff.sharedState.health(), loginTries: bff.rateLimits.loginTriesCounted() };
    const status = ready ? "ready" : bff.readiness.stopping ? "shutting down" : "unavailable";
    res.status(ready ? 200 : 503).json({ status, tenants, problems, sharedState, checkedAt });
  });
  return router;
}

/** What express.static refuses: a path that cannot be a file (400), or one that climbs out of its folder (403). */
function isRefusedFilePath(error: unknown): error is { status: number } {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 500;
}

function errorPage(bff: Bff): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (error?.status === 404) return res.status(404).end();
    // Anyone can send such a path: an info line, never an error that pages someone. A climb out of the folder is a missing file.
    if (isRefusedFilePath(error)) {
      bff.logger.info({ requestId: res.locals.requestId, path: req.originalUrl, status: error.status }, "file path refused");
      return error.status === 400 ? sendPlainPage(req, res, 400, "badRequest") : res.status(404).end();
    }
    bff.logger.error({ err: error, requestId: res.locals.requestId, path: req.originalUrl }, "unhandled server error");
    if (res.headersSent) return res.end();
    sendPlainPage(req, res, 500, "technical");
  };
}

/** Where the browser's files come from: Vite's dev server in development, the client build in production. */
function clientFiles(app: express.Express, vite?: ViteDevServer) {
  if (vite) {
    app.use(vite.middlewares);
    return;
  }
  // Vite fingerprints the built assets: they never change under their name.
  app.use(
    "/assets",
    express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false, fallthrough: false, setHeaders: markStatic }),
  );
  app.use(onlyFilePaths(express.static("build/client", { maxAge: "1h", index: false, setHeaders: markStatic })));
}

/** The Remix build for each request: in development Vite's, loaded again for every request so edits show at once. */
function requestBuild(build: PortalBuild, vite?: ViteDevServer) {
  if (!vite) return withFailuresAsResponses(build);
  return async () => withFailuresAsResponses(await loadPortalBuild(vite));
}

/** `resolver`: where crawlers' reverse DNS names are checked (the system's, unless a test gives its own). */
type AppOptions = { bff: Bff; build: PortalBuild; vite?: ViteDevServer; analyticsOrigin?: string; resolver?: Resolver };

/** The portal's middleware and handlers, in their order, on `app` (made before its server, which makes requests with its prototypes). */
export function mountPortal(app: express.Express, { bff, build, vite, analyticsOrigin, resolver }: AppOptions) {
  const routeOf = createRouteOfRequest(build);
  app.disable("x-powered-by");
  app.set("trust proxy", bff.config.trustProxy);
  // No nested objects from `?a[b]=c`: every parameter is a string, as the pages expect.
  app.set("query parser", "simple");
  app.use(readPathAsBrowsersDo());
  app.use(dropUntrustedForwardedHost(bff.config.trustForwardedHost));
  app.use(traceRequests());
  app.use(requestIdAndLog(bff));
  app.use(startRequestDeadline(bff));
  app.use(previewFetchesSetNoCookie());
  app.use(retryAfterWhenUnavailable());
  app.use(nameRoute(routeOf));
  app.use(countRequests(bff.metrics, (hostname) => (bff.tenants.serves(hostname) ? bff.tenants.resolve(hostname).tenant : null)));
  app.use(
    securityHeaders({
      isProduction: bff.config.isProduction,
      parentOriginsFor: (hostname) => bff.tenants.resolve(hostname).parentOrigins,
      signOnOriginFor: (hostname) => {
        const sso = bff.tenants.resolve(hostname).agencySso;
        return sso ? new URL(sso.authorizeUrl).origin : null;
      },
      analyticsOrigin,
    }),
  );
  // Health checks come from the orchestrator by address, before any host is judged.
  app.use(health(bff));
  app.use(servedHostsOnly({ serves: (hostname) => bff.tenants.serves(hostname) }));
  app.use(requestLimits());
  app.use(compression());
  // The sample parent page and its files only where the demo asks for them, never on a tenant's host in production.
  if (bff.config.demo) app.get("/einbettung.html", sampleParentPage(bff.config));
  else app.use(["/einbettung.html", "/einbettung.js", "/einbettung.css"], (_req, res) => void res.status(404).end());
  app.get("/texte/:file", servePageTexts());
  clientFiles(app, vite);
  app.use(frameCookies(bff));
  app.use(sendTopLevelVisitsToParent(bff));
  app.use(csrfProtection());
  app.use(rateLimits({ limits: bff.rateLimits }));
  app.use(verifyCrawlers({ resolver: resolver ?? systemResolver(), ranges: crawlerRanges(bff.config.previewCrawlerRanges) }));
  app.use(refuseLoggedOutSessions(bff));
  app.use(refreshSession(bff));
  app.use(backendCookies(bff));
  app.use(rememberChannel(bff));
  app.use(carryWidgetParameter());
  app.use(privateByDefault());
  app.all(
    "*",
    createRequestHandler({
      build: requestBuild(build, vite),
      mode: bff.config.isProduction ? "production" : "development",
      getLoadContext: (req, res) =>
        build.entry.module.createLoadContext(bff, {
          cspNonce: res.locals.cspNonce as string,
          requestId: res.locals.requestId as string,
          client: clientOf(req.ip),
          deadlineAt: deadlineOf(res),
          verifiedCrawler: res.locals.verifiedCrawler === true,
          backendCookies: res.locals.backendCookies as BackendCookieJar | undefined,
        }),
    }),
  );
  app.use(errorPage(bff));
}
