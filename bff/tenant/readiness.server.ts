// Readiness per tenant (issue 35): for every tenant, the reads every page rests on (its
// configuration, rewards, products, content languages), made against its backend and read as the
// pages read them. A tenant whose backend is down or unreadable is reported (in the body, as a gauge
// per tenant, in one log line when its state changes) but does not make the instance unready: the
// other tenants are served, and that tenant gets its friendly "temporarily unavailable" page. The
// instance is unready only where it can serve no tenant at all, or is shutting down
// (docs/operations.md, "Readiness"). Checked at start and then at most every half minute, never on
// every probe; a check never throws, whatever a backend sends.
import type { TenantConfig } from "../legacy/contract";
import { UpstreamContractError, UpstreamError } from "../legacy/errors";
import type { LegacyApi, LegacyClient } from "../legacy/legacy-client.server";
import type { Logger } from "../platform/logger.server";
import type { Metrics } from "../platform/metrics.server";
import { getTenantConfig, type ResolvedTenant, type TenantRegistry, unauthenticated } from "./tenant.server";

/** A read a tenant's pages cannot do without, made as they make it. */
export type RepresentativeRead = { call: string; read: (api: LegacyApi, config: TenantConfig) => Promise<unknown> };

export type Readiness = {
  /** Whether this instance can serve: some tenant can, and it is not shutting down. */
  ready: boolean;
  /** Each tenant: whether its backend answers readably. */
  tenants: Record<string, boolean>;
  /** One line per problem: tenant, call, field or reason. */
  problems: string[];
  checkedAt: string;
};

const REFRESH_MS = 30_000;

function problemOf(tenant: string, call: string, error: unknown) {
  if (error instanceof UpstreamContractError) return `${tenant}: ${error.call}: ${error.field || "the reply"} (cannot read the reply)`;
  if (error instanceof UpstreamError) return `${tenant}: ${call}: ${error.message}`;
  return `${tenant}: ${call}: ${error instanceof Error ? error.message : String(error)}`;
}

/** A read that may throw before it returns its promise (a configuration it cannot use), as a promise. */
function attempt<T>(read: () => Promise<T>): Promise<T> {
  return Promise.resolve().then(read);
}

type Options = {
  tenants: TenantRegistry;
  legacy: LegacyClient;
  reads: RepresentativeRead[];
  logger: Logger;
  metrics?: Pick<Metrics, "tenantReady">;
  refreshMs?: number;
};

export function createReadiness({ tenants, legacy, reads, logger, metrics, refreshMs = REFRESH_MS }: Options) {
  let last: { at: number; result: Readiness; problemsOf: Map<string, string[]> } | null = null;
  let running: Promise<Readiness> | null = null;
  let stopping = false;

  async function checkTenant(tenant: ResolvedTenant): Promise<string[]> {
    // The backend's state now: a last good reply would hide a backend that has gone down.
    const context = { ...unauthenticated(tenant), freshOnly: true };
    let config: TenantConfig;
    try {
      config = await getTenantConfig(legacy.bind(context), tenant.tenant);
    } catch (error) {
      return [problemOf(tenant.tenant, "getTenantConfig", error)];
    }
    const api = legacy.bind({ ...context, apiRoute: config.ApiRoute });
    const outcomes = await Promise.all(
      reads.map(({ call, read }) =>
        attempt(() => read(api, config)).then(
          () => null,
          (error: unknown) => problemOf(tenant.tenant, call, error),
        ),
      ),
    );
    return outcomes.filter((problem): problem is string => problem !== null);
  }

  /** One line per tenant whose state changed since the last check. */
  function logChanges(problemsOf: Map<string, string[]>) {
    for (const [tenant, problems] of problemsOf) {
      const before = last?.problemsOf.get(tenant);
      if (before !== undefined && before.join() === problems.join()) continue;
      if (problems.length > 0) logger.warn({ tenant, problems }, `tenant not ready: ${problems.join("; ")}`);
      else if (before !== undefined) logger.info({ tenant }, "tenant ready again: its backend answers readably");
    }
  }

  async function run(): Promise<Readiness> {
    const checked = await Promise.all(
      tenants
        .all()
        .map(
          async (tenant) =>
            [tenant.tenant, await checkTenant(tenant).catch((error: unknown) => [problemOf(tenant.tenant, "readiness", error)])] as const,
        ),
    );
    const problemsOf = new Map(checked);
    const tenantStates = Object.fromEntries(checked.map(([tenant, found]) => [tenant, found.length === 0]));
    for (const [tenant, ready] of Object.entries(tenantStates)) metrics?.tenantReady.set({ tenant }, ready ? 1 : 0);
    logChanges(problemsOf);
    const result: Readiness = {
      ready: Object.values(tenantStates).some(Boolean),
      tenants: tenantStates,
      problems: checked.flatMap(([, found]) => found),
      checkedAt: new Date().toISOString(),
    };
    if (!result.ready && (last === null || last.result.ready)) logger.error({ problems: result.problems }, "no tenant can be served");
    last = { at: Date.now(), result, problemsOf };
    return result;
  }

  function refresh() {
    running ??= run()
      .catch((error: unknown) => {
        // Never reached by any backend's reply; a bug here must not end the process either.
        logger.error({ err: error }, "readiness check failed");
        return last?.result ?? { ready: false, tenants: {}, problems: ["readiness check failed"], checkedAt: new Date().toISOString() };
      })
      .finally(() => (running = null));
    return running;
  }

  async function latest(): Promise<Readiness> {
    if (last && Date.now() - last.at < refreshMs) return last.result;
    const checking = refresh();
    return last ? last.result : checking;
  }

  return {
    /** The last check's answer; a new check where it is older than half a minute (awaited only the first time). */
    async check(): Promise<Readiness> {
      const result = await latest();
      return stopping ? { ...result, ready: false } : result;
    },
    /** One tenant's state, for a monitor: null for a tenant the portal does not serve. */
    async checkTenant(tenant: string): Promise<{ ready: boolean; problems: string[]; checkedAt: string } | null> {
      const result = await latest();
      if (!(tenant in result.tenants)) return null;
      return { ready: result.tenants[tenant], problems: last?.problemsOf.get(tenant) ?? [], checkedAt: result.checkedAt };
    },
    /** Checks every half minute whether probed or not, so that the gauge and the log follow each tenant's state. */
    watch() {
      const timer = setInterval(() => void refresh(), refreshMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    /** From now on the instance says it is not ready, so that a balancer stops sending it requests. */
    stop() {
      stopping = true;
    },
  };
}
export type ReadinessCheck = ReturnType<typeof createReadiness>;
