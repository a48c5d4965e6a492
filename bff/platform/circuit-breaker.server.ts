// A per-backend circuit breaker: after `failureThreshold` failures in a row it opens for
// `openMs`, then lets one trial call through (half-open); a success closes it again.
export type CircuitBreaker = {
  /** False while open: the caller fails fast instead of calling the backend. */
  allowRequest(): boolean;
  recordSuccess(): void;
  recordFailure(): void;
  readonly state: "closed" | "open" | "half-open";
};

export function createCircuitBreaker({
  failureThreshold = 5,
  openMs = 10_000,
  now = Date.now,
}: { failureThreshold?: number; openMs?: number; now?: () => number } = {}): CircuitBreaker {
  let failures = 0;
  let openedAt: number | null = null;
  let trialInFlight = false;

  const state = () => {
    if (openedAt === null) return "closed" as const;
    return now() - openedAt >= openMs ? ("half-open" as const) : ("open" as const);
  };

  return {
    get state() {
      return state();
    },
    allowRequest() {
      const current = state();
      if (current === "closed") return true;
      if (current === "open" || trialInFlight) return false;
      trialInFlight = true;
      return true;
    },
    recordSuccess() {
      failures = 0;
      openedAt = null;
      trialInFlight = false;
    },
    recordFailure() {
      trialInFlight = false;
      failures += 1;
      if (openedAt !== null || failures >= failureThreshold) openedAt = now();
    },
  };
}
