// A budget of calls in flight to one downstream (a tenant's backend, the CMS, the pictures of
// either): a call beyond it fails at once instead of queueing behind a slow neighbour, so that one
// slow or hanging backend holds only its own budget (docs/decisions/053).
export class BulkheadFullError extends Error {
  constructor(readonly lane: string) {
    super(`${lane}: too many calls in flight`);
  }
}

export function createBulkhead(lane: string, limit: number) {
  let inFlight = 0;
  return {
    get inFlight() {
      return inFlight;
    },
    async run<T>(call: () => Promise<T>): Promise<T> {
      if (inFlight >= limit) throw new BulkheadFullError(lane);
      inFlight++;
      try {
        return await call();
      } finally {
        inFlight--;
      }
    },
  };
}
export type Bulkhead = ReturnType<typeof createBulkhead>;
