// Readiness per tenant (issue 35): for every tenant, the reads every page rests on (its
// configuration, rewards, products, content languages), made against its backend and read as the
// pages read them. A tenant whose backend is down or unreadable is reported (in the body, as a gauge
// per tenant, in one log line when its state changes) but does not make the instance unready: the
// other tenants are served, and that tenant gets its friendly "temporarily unavailable" page. The
// instance is unready only where it can serve no tenant at all, or is shutting down
// (docs/operations.md, "Readiness"). A probe never waits for a check: it answers from each tenant's
// last result. Each tenant is checked in the background at start and then every half minute, the
// tenants spread over the interval, each check within a budget of its own (a trickling backend is not
// ready, and holds nobody else's answer); a check never throws, whatever a backend sends.
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
/** What one tenant's check may take, all its reads together. */
const CHECK_BUDGET_MS = 10_000;

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
  checkBudgetMs?: number;
};

type TenantState = { problems: string[]; at: number };

export function createReadiness({
  tenants,
  legacy,
  reads,
  logger,
  metrics,
  refreshMs = REFRESH_MS,
  checkBudgetMs = CHECK_BUDGET_MS,
}: Options) {
  const states = new Map<string, TenantState>();
  const running = new Map<string, Promise<void>>();
  /** Whether some tenant could be served when every tenant last had a result (null: not yet). */
  let servable: boolean | null = null;
  let stopping = false;

  async function checkTenant(tenant: ResolvedTenant): Promise<string[]> {
    // The backend's state now: a last good reply would hide a backend that has gone down.
    const context = { ...unauthenticated(tenant), freshOnly: true, deadlineAt: Date.now() + checkBudgetMs };
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

  /** One line when a tenant's state changed since its last check. */
  function logChange(tenant: string, before: string[] | undefined, problems: string[]) {
    if (before !== undefined && before.join() === problems.join()) return;
    if (problems.length > 0) logger.warn({ tenant, problems }, `tenant not ready: ${problems.join("; ")}`);
    else if (before !== undefined) logger.info({ tenant }, "tenant ready again: its backend answers readably");
  }

  function record(tenant: string, problems: string[]) {
    logChange(tenant, states.get(tenant)?.problems, problems);
    states.set(tenant, { problems, at: Date.now() });
    metrics?.tenantReady.set({ tenant }, problems.length === 0 ? 1 : 0);
    const served = tenants.all();
    if (!served.every(({ tenant: id }) => states.has(id))) return;
    const nowServable = served.some(({ tenant: id }) => states.get(id)!.problems.length === 0);
    if (!nowServable && servable !== false) logger.error({ problems: snapshot().problems }, "no tenant can be served");
    servable = nowServable;
  }

  /** One tenant's check, once at a time however often it is asked for. */
  function refreshTenant(tenant: ResolvedTenant): Promise<void> {
    let run = running.get(tenant.tenant);
    if (!run) {
      run = checkTenant(tenant)
        .catch((error: unknown) => [problemOf(tenant.tenant, "readiness", error)])
        .then((problems) => record(tenant.tenant, problems))
        .finally(() => running.delete(tenant.tenant));
      running.set(tenant.tenant, run);
    }
    return run;
  }

  /** Each tenant's last result, as it stands: a tenant not checked yet is not ready, and says so. */
  function snapshot(): Readiness {
    const served = tenants.all();
    const tenantStates = Object.fromEntries(served.map(({ tenant }) => [tenant, states.get(tenant)?.problems.length === 0]));
    const times = served.map(({ tenant }) => states.get(tenant)?.at).filter((at): at is number => at !== undefined);
    return {
      ready: !stopping && Object.values(tenantStates).some(Boolean),
      tenants: tenantStates,
      problems: served.flatMap(({ tenant }) => states.get(tenant)?.problems ?? [`${tenant}: not checked yet`]),
      checkedAt: new Date(times.length > 0 ? Math.min(...times) : Date.now()).toISOString(),
    };
  }

  /** Checks, in the background, the tenants whose last result is older than the interval (where nothing watches). */
  function refreshStale() {
    for (const tenant of tenants.all()) {
      const state = states.get(tenant.tenant);
      if (!state || Date.now() - state.at >= refreshMs) void refreshTenant(tenant);
    }
  }

  /** Each tenant's last result, at once: never waits for a backend. */
  function check(): Readiness {
    refreshStale();
    return snapshot();
  }

  return {
    check,
    /** Every tenant checked now, waited for: for check-backend and tests, never for a probe. */
    async checkNow(): Promise<Readiness> {
      await Promise.all(tenants.all().map(refreshTenant));
      return snapshot();
    },
    /** One tenant's state, for a monitor: null for a tenant the portal does not serve. */
    checkTenant(tenant: string): { ready: boolean; problems: string[]; checkedAt: string } | null {
      const result = check();
      if (!(tenant in result.tenants)) return null;
      const state = states.get(tenant);
      return {
        ready: result.tenants[tenant],
        problems: state?.problems ?? [`${tenant}: not checked yet`],
        checkedAt: new Date(state?.at ?? Date.now()).toISOString(),
      };
    },
    /** Checks every tenant now, then each every half minute, spread over the interval, whether probed or not. */
    watch() {
      const served = tenants.all();
      const timers = served.map((tenant, index) => {
        void refreshTenant(tenant);
        let every: NodeJS.Timeout | undefined;
        const first = setTimeout(
          () => {
            void refreshTenant(tenant);
            every = setInterval(() => void refreshTenant(tenant), refreshMs);
            every.unref();
          },
          refreshMs + Math.floor((refreshMs * index) / served.length),
        );
        first.unref();
        return () => {
          clearTimeout(first);
          clearInterval(every);
        };
      });
      return () => timers.forEach((stop) => stop());
    },
    /** From now on the instance says it is not ready, so that a balancer stops sending it requests. */
    stop() {
      stopping = true;
    },
    get stopping() {
      return stopping;
    },
  };
}
export type ReadinessCheck = ReturnType<typeof createReadiness>;
