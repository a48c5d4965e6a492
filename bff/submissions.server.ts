// A form carries a random submission id; a second post of the same id (a double click, a
// reload of the POST) gets the first one's result instead of writing again. Per instance.
import { LRUCache } from "lru-cache";

export function createSubmissionGuard({ ttlMs = 10 * 60_000 } = {}) {
  const seen = new LRUCache<string, { result: Promise<unknown> }>({ max: 10_000, ttl: ttlMs, ttlAutopurge: true });
  return {
    once<T>(submissionId: string, run: () => Promise<T>): Promise<T> {
      const known = seen.get(submissionId);
      if (known) return known.result as Promise<T>;
      const result = run();
      seen.set(submissionId, { result });
      // A failed write may be tried again with the same form.
      result.catch(() => seen.delete(submissionId));
      return result;
    },
  };
}
