// What operators watch (README: metrics), in Prometheus's format with prom-client: requests by
// route and status, legacy calls' latency by call, each backend's circuit breaker, shared-read
// cache hits and rate-limit refusals, besides the process's own figures. Served on a port of its
// own (server/metrics.ts), never on the public one.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

export const BREAKER_STATES = ["closed", "half-open", "open"] as const;

/** What this process runs: PORTAL_VERSION (the image sets it from its build) and Node's version. */
function buildInfo(registry: Registry) {
  new Gauge({
    name: "portal_build_info",
    help: "1, labelled with the portal's version (PORTAL_VERSION, set by the image's build) and Node's version",
    labelNames: ["version", "node_version"],
    registers: [registry],
  }).set({ version: process.env.PORTAL_VERSION ?? "unknown", node_version: process.version }, 1);
}

type SharedStateReport = () => { store: string; failing: string[]; writes?: string; unsavedLogouts: number };

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  buildInfo(registry);
  const breakerStates = new Map<string, () => (typeof BREAKER_STATES)[number]>();
  let sharedStateHealth: SharedStateReport | null = null;
  const metrics = {
    registry,
    requests: new Counter({
      name: "portal_http_requests_total",
      help: "Requests answered, by route and status",
      labelNames: ["method", "route", "status"],
      registers: [registry],
    }),
    /** Buckets around the objectives (docs/operations.md, alerts): a page within 0.5 s, nearly every one within 2.5 s. */
    requestDuration: new Histogram({
      name: "portal_http_request_duration_seconds",
      help: "Requests answered, from their first byte to the last of the answer, by route, tenant and status class",
      labelNames: ["method", "route", "tenant", "status_class"],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    legacyCalls: new Histogram({
      name: "portal_legacy_call_duration_seconds",
      help: "Legacy API calls, by tenant, call and outcome, from the first attempt to the last reply",
      labelNames: ["tenant", "call", "outcome"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    sharedReads: new Counter({
      name: "portal_shared_read_cache_total",
      help: "Shared reads (tenant configuration, catalogue, content), by cache result",
      labelNames: ["result"],
      registers: [registry],
    }),
    legacyReplyProblems: new Counter({
      name: "portal_legacy_reply_problems_total",
      help: "Legacy replies the portal could not read, by call and kind (contract, not-json, unreadable, error-shape)",
      labelNames: ["call", "kind"],
      registers: [registry],
    }),
    optionalPartsLeftOut: new Counter({
      name: "portal_optional_parts_left_out_total",
      help: "Optional parts of pages left out because their call failed (not counting a call the backend does not offer), by part",
      labelNames: ["part"],
      registers: [registry],
    }),
    tenantReady: new Gauge({
      name: "portal_tenant_ready",
      help: "Each tenant: 1 where its backend answered its representative reads readably at the last readiness check, else 0",
      labelNames: ["tenant"],
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: "portal_rate_limit_refusals_total",
      help: "Requests refused by a rate limit, by limit",
      labelNames: ["limit"],
      registers: [registry],
    }),
    sharedStateFailures: new Counter({
      name: "portal_shared_state_failures_total",
      help: "Redis operations of the shared state that failed and fell back to this instance's memory, by operation (read, write)",
      labelNames: ["operation"],
      registers: [registry],
    }),
    /** Reports the shared state's health on every scrape. */
    watchSharedState(health: SharedStateReport) {
      sharedStateHealth = health;
    },
    /** Reports a backend's breaker state on every scrape. */
    watchBreaker(backend: string, state: () => (typeof BREAKER_STATES)[number]) {
      breakerStates.set(backend, state);
    },
  };
  new Gauge({
    name: "portal_circuit_breaker_state",
    help: "Each backend's circuit breaker: 1 for its current state, 0 for the others",
    labelNames: ["backend", "state"],
    registers: [registry],
    collect() {
      for (const [backend, state] of breakerStates) {
        const current = state();
        for (const candidate of BREAKER_STATES) this.set({ backend, state: candidate }, candidate === current ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: "portal_shared_state_degraded",
    help: "1 where Redis fails this operation of the shared state now (its state is this instance's own meanwhile), else 0; none in memory mode",
    labelNames: ["operation"],
    registers: [registry],
    collect() {
      const health = sharedStateHealth?.();
      if (!health || health.store === "memory") return;
      for (const operation of ["read", "write"]) this.set({ operation }, health.failing.includes(operation) ? 1 : 0);
    },
  });
  new Gauge({
    name: "portal_shared_state_writes_unreplicated",
    help: "With Sentinel: 1 while the primary has no replica that writes wait for (a failover now would lose them), else 0",
    registers: [registry],
    collect() {
      const writes = sharedStateHealth?.().writes;
      if (writes) this.set(writes === "unreplicated" ? 1 : 0);
    },
  });
  new Gauge({
    name: "portal_logged_out_sessions_unsaved",
    help: "Logouts this instance holds that Redis has not taken yet (other instances do not know them)",
    registers: [registry],
    collect() {
      this.set(sharedStateHealth?.().unsavedLogouts ?? 0);
    },
  });
  return metrics;
}
export type Metrics = ReturnType<typeof createMetrics>;
