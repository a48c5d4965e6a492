// A per-backend circuit breaker: after `failureThreshold` failures in a row it opens for
// `openMs`, then lets one trial call through (half-open); a success closes it again. It keeps the
// failure that opened it, so that every call it refuses can say why.
export type CircuitBreaker = {
  /** False while open: the caller fails fast instead of calling the backend. */
  allowRequest(): boolean;
  recordSuccess(): void;
  /** `cause`: what failed, as the log should name it. */
  recordFailure(cause?: string): void;
  readonly state: "closed" | "open" | "half-open";
  /** The failure that opened the circuit, while it is not closed. */
  readonly openedBy: string | undefined;
};

export function createCircuitBreaker({
  failureThreshold = 5,
  openMs = 10_000,
  now = Date.now,
  onOpen = () => {},
}: { failureThreshold?: number; openMs?: number; now?: () => number; onOpen?: (cause: string) => void } = {}): CircuitBreaker {
  let failures = 0;
  let openedAt: number | null = null;
  let openedBy: string | undefined;
  let trialInFlight = false;

  const state = () => {
    if (openedAt === null) return "closed" as const;
    return now() - openedAt >= openMs ? ("half-open" as const) : ("open" as const);
  };

  return {
    get state() {
      return state();
    },
    get openedBy() {
      return openedAt === null ? undefined : openedBy;
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
      openedBy = undefined;
      trialInFlight = false;
    },
    recordFailure(cause = "a failed call") {
      trialInFlight = false;
      failures += 1;
      if (openedAt === null && failures < failureThreshold) return;
      // Told once, when it opens; a failed trial keeps it open, and its failure is the reason now.
      if (openedAt === null) onOpen(cause);
      openedBy = cause;
      openedAt = now();
    },
  };
}
