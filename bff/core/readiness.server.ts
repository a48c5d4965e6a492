// Readiness that tells the truth (issue 25): for every tenant, the reads every page rests on (its
// configuration, rewards, products, content languages), made against its backend and read as the
// pages read them. A tenant whose backend the portal cannot read makes /readyz answer 503, with one
// line naming the tenant, the call and the field. Checked at start and then at most every half
// minute, never on every probe: a probe is answered from the last check.
import type { TenantConfig } from "./contract";
import { UpstreamContractError, UpstreamError } from "./errors";
import type { LegacyApi, LegacyClient } from "./legacy-client.server";
import type { Logger } from "./logger.server";
import { getTenantConfig, type ResolvedTenant, type TenantRegistry, unauthenticated } from "./tenant.server";

/** A read a tenant's pages cannot do without, made as they make it. */
export type RepresentativeRead = { call: string; read: (api: LegacyApi, config: TenantConfig) => Promise<unknown> };

export type Readiness = { ready: boolean; tenants: Record<string, boolean>; problems: string[]; checkedAt: string };

const REFRESH_MS = 30_000;

function problemOf(tenant: string, call: string, error: unknown) {
  if (error instanceof UpstreamContractError) return `${tenant}: ${error.call}: ${error.field || "the reply"} (cannot read the reply)`;
  if (error instanceof UpstreamError) return `${tenant}: ${call}: ${error.message}`;
  return `${tenant}: ${call}: ${error instanceof Error ? error.message : String(error)}`;
}

type Options = { tenants: TenantRegistry; legacy: LegacyClient; reads: RepresentativeRead[]; logger: Logger; refreshMs?: number };

export function createReadiness({ tenants, legacy, reads, logger, refreshMs = REFRESH_MS }: Options) {
  let last: { at: number; result: Readiness } | null = null;
  let running: Promise<Readiness> | null = null;

  async function checkTenant(tenant: ResolvedTenant): Promise<string[]> {
    const context = unauthenticated(tenant);
    let config: TenantConfig;
    try {
      config = await getTenantConfig(legacy.bind(context), tenant.tenant);
    } catch (error) {
      return [problemOf(tenant.tenant, "getTenantConfig", error)];
    }
    const api = legacy.bind({ ...context, apiRoute: config.ApiRoute });
    const outcomes = await Promise.all(
      reads.map(({ call, read }) =>
        read(api, config).then(
          () => null,
          (error: unknown) => problemOf(tenant.tenant, call, error),
        ),
      ),
    );
    return outcomes.filter((problem): problem is string => problem !== null);
  }

  async function run(): Promise<Readiness> {
    const checked = await Promise.all(tenants.all().map(async (tenant) => [tenant.tenant, await checkTenant(tenant)] as const));
    const problems = checked.flatMap(([, found]) => found);
    const result: Readiness = {
      ready: problems.length === 0,
      tenants: Object.fromEntries(checked.map(([tenant, found]) => [tenant, found.length === 0])),
      problems,
      checkedAt: new Date().toISOString(),
    };
    // One line when the answer changes, not on every check.
    if (last?.result.ready !== result.ready || last.result.problems.join() !== problems.join()) {
      if (result.ready) logger.info({ tenants: result.tenants }, "ready: every tenant's backend answers readably");
      else for (const problem of problems) logger.warn({ problem }, `not ready: ${problem}`);
    }
    last = { at: Date.now(), result };
    return result;
  }

  function refresh() {
    running ??= run().finally(() => (running = null));
    return running;
  }

  return {
    /** The last check's answer; a new check where it is older than half a minute (awaited only the first time). */
    async check(): Promise<Readiness> {
      if (last && Date.now() - last.at < refreshMs) return last.result;
      const checking = refresh();
      return last ? last.result : checking;
    },
  };
}
export type ReadinessCheck = ReturnType<typeof createReadiness>;
