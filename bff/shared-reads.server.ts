// Reads that many users share (tenant configuration, catalogue, content): cached with a TTL,
// stale-while-revalidate, stale served when a refresh fails, and one upstream call for many
// concurrent requests of the same key. Keys must name the tenant; never cache a user's reads here.
import { LRUCache } from "lru-cache";

type Loader = () => Promise<unknown>;

export function createSharedReads({ ttlMs = 60_000, max = 1_000 }: { ttlMs?: number; max?: number } = {}) {
  const cache = new LRUCache<string, { value: unknown }, Loader>({
    max,
    ttl: ttlMs,
    allowStale: true,
    allowStaleOnFetchRejection: true,
    noDeleteOnFetchRejection: true,
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });
  return {
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = await cache.fetch(key, { context: load });
      return entry!.value as T;
    },
    clear: () => cache.clear(),
  };
}
export type SharedReads = ReturnType<typeof createSharedReads>;
