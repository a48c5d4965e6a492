// Reads that many users share (tenant configuration, catalogue, content): cached with a TTL,
// stale-while-revalidate, stale served when a refresh fails, and one upstream call for many
// concurrent requests of the same key. Keys must name the tenant; never cache a user's reads here.
import { LRUCache } from "lru-cache";
import type { Metrics } from "../state/metrics.server";

type Loader = () => Promise<unknown>;
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
  return {
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const status: LRUCache.Status<string, Entry, Loader> = {};
      const entry = (await cache.fetch(key, { context: load, status }))!;
      metrics?.sharedReads.inc({ result: status.fetch ?? "none" });
      if ("error" in entry) {
        cache.delete(key);
        throw entry.error;
      }
      return entry.value as T;
    },
    clear: () => cache.clear(),
  };
}
export type SharedReads = ReturnType<typeof createSharedReads>;
