// The metrics endpoint and the request counter. /metrics is served on METRICS_PORT (bound to
// METRICS_HOST, loopback by default), a listener of its own that the public port never answers,
// so no token is needed and none can leak (README: metrics).
import { createServer, type Server } from "node:http";
import type { RequestHandler, Response } from "express";
import type { Metrics } from "../bff/platform/metrics.server";

/**
 * Counts and times every answered request by the route that answered it (not its spelling, so the
 * labels stay few) and its tenant (`none` for a host the portal does not serve, and the health checks).
 */
export function countRequests(metrics: Metrics, tenantOf: (hostname: string) => string | null): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const route = res.locals.metricsRoute ?? res.locals.route ?? "none";
      metrics.requests.inc({ method: req.method, route, status: String(res.statusCode) });
      const tenant = route === "health" ? "none" : (tenantOf(req.hostname) ?? "none");
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.requestDuration.observe({ method: req.method, route, tenant, status_class: `${String(res.statusCode)[0]}xx` }, seconds);
    });
    next();
  };
}

/** Marks a request answered before Remix (the health checks) with a label of its own. */
export function labelled(route: string): RequestHandler {
  return (_req, res, next) => {
    res.locals.metricsRoute = route;
    next();
  };
}

/** express.static's `setHeaders`: a file it serves is counted as `static`, not as the route its path would match. */
export function markStatic(res: Response) {
  res.locals.metricsRoute = "static";
}

export function startMetricsServer(metrics: Metrics, { port, host }: { port: number; host: string }): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
