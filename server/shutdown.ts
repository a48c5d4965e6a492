// A drain before exit (docs/operations.md, "Restarts without a failed request"). On SIGTERM `/readyz`
// answers 503 at once, so a balancer that probes it stops sending requests, while the instance serves
// on for SHUTDOWN_DRAIN_MS (its probes' interval, the time it takes an endpoint's removal to spread)
// and answers each request with `Connection: close`, so no balancer keeps a connection it would reuse.
// Then it stops accepting, finishes the requests in flight, closes each keep-alive connection once its
// response is sent, and exits; past SHUTDOWN_GRACE_MS it exits anyway. SIGINT (a terminal's Ctrl-C)
// skips the drain.
import type { Server } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "../bff/platform/logger.server";

type ShutdownOptions = {
  server: Server;
  logger: Logger;
  drainMs: number;
  graceMs: number;
  /** Said not ready from the first moment of the drain (the readiness probe). */
  markNotReady(): void;
  /** Everything else to close once the last request is answered (the BFF, the metrics listener, the demo). */
  closeRest(): Promise<unknown>;
};

export function createShutdown({ server, logger, drainMs, graceMs, markNotReady, closeRest }: ShutdownOptions) {
  let draining = false;

  function stopAccepting() {
    // A keep-alive connection turns idle once its last response is sent: close it then.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearInterval(sweep);
      closeRest().then(
        () => {
          logger.info("stopped");
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, "stopping failed");
          process.exit(1);
        },
      );
    });
  }

  return {
    /** While draining, every response closes its connection after it. */
    closeConnectionsWhileDraining: ((_req, res, next) => {
      if (draining) res.setHeader("Connection", "close");
      next();
    }) satisfies RequestHandler,
    begin(signal: "SIGTERM" | "SIGINT") {
      if (draining) return;
      draining = true;
      markNotReady();
      const drain = signal === "SIGTERM" ? drainMs : 0;
      logger.info(
        { signal, drainMs: drain, graceMs },
        "shutting down: not ready; serving on for the drain, then finishing in-flight requests",
      );
      const force = setTimeout(() => {
        logger.error({ graceMs }, "shutting down: the grace time passed with requests in flight; exiting");
        process.exit(1);
      }, graceMs);
      force.unref();
      setTimeout(stopAccepting, drain);
    },
  };
}
