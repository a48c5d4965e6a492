import { describe, expect, it } from "vitest";
import { createCircuitBreaker } from "./circuit-breaker.server";

describe("circuit breaker", () => {
  it("opens after the threshold, lets one trial through after the pause, and closes on success", () => {
    const clock = { now: 0 };
    const breaker = createCircuitBreaker({ failureThreshold: 2, openMs: 1_000, now: () => clock.now });
    breaker.recordFailure();
    expect(breaker.allowRequest()).toBe(true);
    breaker.recordFailure();
    expect(breaker.state).toBe("open");
    expect(breaker.allowRequest()).toBe(false);
    clock.now = 1_000;
    expect(breaker.allowRequest()).toBe(true);
    expect(breaker.allowRequest()).toBe(false);
    breaker.recordSuccess();
    expect(breaker.state).toBe("closed");
  });

  it("opens again when the trial fails", () => {
    const clock = { now: 0 };
    const breaker = createCircuitBreaker({ failureThreshold: 1, openMs: 1_000, now: () => clock.now });
    breaker.recordFailure();
    clock.now = 1_000;
    expect(breaker.allowRequest()).toBe(true);
    breaker.recordFailure();
    expect(breaker.allowRequest()).toBe(false);
  });

  it("keeps the failure that opened it, tells it once, and forgets it once closed", () => {
    const clock = { now: 0 };
    const opened: string[] = [];
    const breaker = createCircuitBreaker({
      failureThreshold: 2,
      openMs: 1_000,
      now: () => clock.now,
      onOpen: (cause) => opened.push(cause),
    });
    breaker.recordFailure("other side closed");
    expect(breaker.openedBy).toBeUndefined();
    breaker.recordFailure("reply cut short: 1200 of 5000 bytes");
    expect(breaker.openedBy).toBe("reply cut short: 1200 of 5000 bytes");
    clock.now = 1_000;
    breaker.allowRequest();
    breaker.recordFailure("connect ECONNREFUSED");
    expect(breaker.openedBy).toBe("connect ECONNREFUSED");
    expect(opened).toEqual(["reply cut short: 1200 of 5000 bytes"]);
    breaker.recordSuccess();
    expect(breaker.openedBy).toBeUndefined();
  });
});
