// Starts the portal: configuration from the environment (a bad value stops the start with
// one line naming the variable), the simulators when no backend or CMS is configured, the
// HTTP server, and a graceful shutdown on SIGTERM.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { ConfigError, loadConfig, type Config } from "../bff/config.server";
import { createLogger } from "../bff/logger.server";
import { createBff } from "../bff/services.server";
import { createApp } from "./app";
import { startSimulators } from "./simulators/start";

const SHUTDOWN_GRACE_MS = 10_000;

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

const config = configOrExit();
const logger = createLogger({ level: config.logLevel });
const simulators =
  config.legacyApiUrl && config.cmsUrl
    ? null
    : await startSimulators({ legacyPort: config.simulatorPort, cmsPort: config.cmsSimulatorPort });
const backendUrl = config.legacyApiUrl ?? simulators!.legacyUrl;
const cmsUrl = config.cmsUrl ?? simulators!.cmsUrl;
if (simulators) logger.info({ legacy: config.legacyApiUrl ? undefined : backendUrl, cms: config.cmsUrl ? undefined : cmsUrl }, "embedded simulators started");

const build = (await import(pathToFileURL(resolve("build/index.js")).href)) as ServerBuild;
const analyticsUrl = config.analyticsUrl ?? simulators?.legacyUrl;
const bff = createBff({ config, logger, backendUrl, cmsUrl, analyticsUrl });
const app = createApp({ bff, build, cmsOrigin: new URL(cmsUrl).origin, analyticsOrigin: analyticsUrl ? new URL(analyticsUrl).origin : undefined });

const server = app.listen(config.port, config.host, () => {
  logger.info({ port: config.port, env: config.env }, `portal listening on http://localhost:${config.port}`);
});
server.keepAliveTimeout = 65_000;

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down: finishing in-flight requests");
  const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
  force.unref();
  // A keep-alive connection turns idle once its last response is sent: close it then.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  server.close(async () => {
    clearInterval(sweep);
    await bff.close();
    await simulators?.close();
    logger.info("stopped");
    process.exit(0);
  });
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
