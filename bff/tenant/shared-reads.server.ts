// Reads that many users share (tenant configuration, catalogue, content): cached with a TTL,
// stale-while-revalidate, stale served when a refresh fails, and one upstream call for many
// concurrent requests of the same key. Keys must name the tenant; never cache a user's reads here.
import { LRUCache } from "lru-cache";
import type { Locale } from "../platform/locale.server";
import type { Metrics } from "../platform/metrics.server";

type Loader = () => Promise<unknown>;

/** What names a tenant's reads: its backend and its id (a resolved tenant has both). */
export type TenantKey = { backendUrl: string; tenant: string };

/** A read of a tenant's backend that every request of the tenant shares. */
export type TenantRead = {
  /** The call, as its key names it (one name a call). */
  call: string;
  /**
   * The page's language, where the reply may depend on it: every legacy call sends X-Accept-Language,
   * so a backend may localise any reply with a text in it. Null only where the read says why the reply
   * is the same in every language.
   */
  locale: Locale | null;
  /** The call's arguments: a category, a tariff. */
  args?: readonly (string | number)[];
};

/** The one way a tenant read's key is made: the backend, the tenant, the call, the language (or `*`), the arguments. */
export function tenantReadKey(tenant: TenantKey, { call, locale, args = [] }: TenantRead) {
  return [tenant.backendUrl, tenant.tenant, call, locale ?? "*", ...args].join("|");
}
type Entry = { value: unknown } | { error: unknown };

type Options = { ttlMs?: number; max?: number; metrics?: Pick<Metrics, "sharedReads"> };

export function createSharedReads({ ttlMs = 60_000, max = 1_000, metrics }: Options = {}) {
  const cache = new LRUCache<string, Entry, Loader>({
    max,
    ttl: ttlMs,
    allowStale: true,
    fetchMethod: async (_key, stale, { context }) => {
      try {
        return { value: await context() };
      } catch (error) {
        // A failed refresh keeps the stale value; with none, every waiter gets the error.
        return stale && "value" in stale ? stale : { error };
      }
    },
  });
  async function read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const status: LRUCache.Status<string, Entry, Loader> = {};
    const entry = (await cache.fetch(key, { context: load, status }))!;
    metrics?.sharedReads.inc({ result: status.fetch ?? "none" });
    if ("error" in entry) {
      cache.delete(key);
      throw entry.error;
    }
    return entry.value as T;
  }
  return {
    read,
    /** A read of the tenant's backend, under its key (tenantReadKey). */
    ofTenant: <T>(tenant: TenantKey, what: TenantRead, load: () => Promise<T>) => read(tenantReadKey(tenant, what), load),
    clear: () => cache.clear(),
  };
}
export type SharedReads = ReturnType<typeof createSharedReads>;
