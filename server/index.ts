// Starts the portal: configuration from the environment (a bad value, or no backend without DEMO=1,
// stops the start with one line naming the variable), the simulators where DEMO=1 asks, Redis when
// REDIS_URL names one, the HTTP server with explicit limits, the metrics listener when
// METRICS_PORT is set, and a drain before exit on SIGTERM (server/shutdown.ts).
import { format } from "node:util";
import express from "express";
import { type Config, ConfigError, loadConfig, type TenantsWithoutFile } from "../bff/platform/config.server";
import { createLogger } from "../bff/platform/logger.server";
import { exportSpansWith } from "../bff/platform/trace-context.server";
import { startTraceExport } from "../bff/platform/trace-export.server";
import { tenantOrigins } from "../bff/tenant/tenant.server";
import { mountPortal } from "./app";
import { letOldGenerationGrowTwice } from "./heap-growth";
import { createPortalServer } from "./http-server";
import { startMetricsServer } from "./metrics";
import { loadPortalBuild } from "./portal-build";
import { createShutdown } from "./shutdown";

letOldGenerationGrowTwice();

function configOrExit(tenantsWithoutFile?: TenantsWithoutFile): Config {
  try {
    return loadConfig(process.env, tenantsWithoutFile);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

// The production image holds no simulators, and no msw (Dockerfile): the demo runs from a clone (npm start).
if (process.env.DEMO === "1" && process.env.PORTAL_IMAGE === "production") {
  console.error(
    "Configuration error: DEMO: this is the production image, without the demo's simulators; run the demo from a clone with npm start",
  );
  process.exit(1);
}
/** The demo, loaded only where DEMO=1 asks: its simulators, and its tenants where no TENANTS_FILE names any. */
const demo = process.env.DEMO === "1" ? await import("../simulators/start") : null;
const config = configOrExit(demo?.demoTenantHosts);
const logger = createLogger({ level: config.logLevel });
// What the framework and libraries print (React Router's warnings, React's errors) goes through the
// scrubbing logger too: one JSON line each, with no token, address or IBAN in it.
console.log = console.info = (...args: unknown[]) => logger.info({ source: "console" }, format(...args));
console.warn = (...args: unknown[]) => logger.warn({ source: "console" }, format(...args));
console.error = (...args: unknown[]) => logger.error({ source: "console" }, format(...args));
// Every backend's reply is read inside a request or a check that catches what it throws; a promise
// that still rejects unhandled is a bug of ours, logged, and never a reason to drop every tenant's requests.
process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection (a bug): the process goes on"));
/** The demo's simulators, started only where DEMO=1 asks and a URL is missing (the configuration refuses any other start without one). */
function startDemo({ startSimulators }: NonNullable<typeof demo>) {
  return startSimulators({
    legacyPort: config.simulatorPort,
    cmsPort: config.cmsSimulatorPort,
    // The simulated backend's tenant URL (share links, the sign-on's registered return) is the portal's configured origin.
    portalOrigin: (tenant) => new URL(tenantOrigins(config).get(tenant) ?? `http://${tenant}.localhost:${config.port}`).origin,
  });
}
const simulators = demo && !(config.legacyApiUrl && config.cmsUrl) ? await startDemo(demo) : null;
const backendUrl = config.legacyApiUrl ?? simulators!.legacyUrl;
const cmsUrl = config.cmsUrl ?? simulators!.cmsUrl;
if (simulators)
  logger.info(
    { legacy: config.legacyApiUrl ? undefined : backendUrl, cms: config.cmsUrl ? undefined : cmsUrl },
    "demo: embedded simulators started (DEMO=1)",
  );

// Spans go to an OpenTelemetry collector only where an OTLP endpoint is configured (docs/operations.md, Traces).
const traceExport = config.traceExport ? await startTraceExport(config.traceExport) : null;
exportSpansWith(traceExport?.spans ?? null);
if (traceExport) logger.info("traces exported over OTLP");

const app = express();
const server = createPortalServer(app);
// Development: Vite's dev server builds the app as it is asked for it, its updates on the portal's own
// port (the CSP's connect-src 'self'); production: the built server.
const vite = config.isProduction
  ? undefined
  : await import("vite").then(({ createServer: createViteServer }) =>
      createViteServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" }),
    );
const build = await loadPortalBuild(vite);
const analyticsUrl = config.analyticsUrl ?? simulators?.legacyUrl;
const bff = build.entry.module.createBff({ config, logger, backendUrl, cmsUrl, analyticsUrl });
await bff.sharedState.ready();
// Each tenant's backend read at start (a problem is logged with tenant, call and field), without waiting
// for it: one slow backend must not hold the instance's start, nor any /readyz answer.
bff.readiness.watch();
logger.info({ sharedState: config.redis ? `redis (${bff.sharedState.redis?.status})` : "memory" }, "shared state");
const metricsServer = config.metrics ? await startMetricsServer(bff.metrics, config.metrics) : null;
if (metricsServer) logger.info({ metrics: metricsServer.address() }, "metrics listening");
const shutdown = createShutdown({
  server,
  logger,
  drainMs: config.shutdown.drainMs,
  graceMs: config.shutdown.graceMs,
  markNotReady: () => bff.readiness.stop(),
  closeRest: () =>
    Promise.all([
      new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(null))),
      bff.close(),
      vite?.close(),
      simulators?.close(),
      // The spans still held are sent before the exit.
      traceExport?.shutdown(),
    ]),
});
app.use(shutdown.closeConnectionsWhileDraining);
mountPortal(app, {
  bff,
  build,
  vite,
  analyticsOrigin: analyticsUrl ? new URL(analyticsUrl).origin : undefined,
});

server.listen(config.port, config.host, () => {
  logger.info({ port: config.port, env: config.env }, `portal listening on http://localhost:${config.port}`);
});
process.on("SIGTERM", () => shutdown.begin("SIGTERM"));
process.on("SIGINT", () => shutdown.begin("SIGINT"));
