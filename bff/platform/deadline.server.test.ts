import { afterEach, describe, expect, it, vi } from "vitest";
import { withDeadline } from "./deadline.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("a deadline", () => {
  it("ends with the work: nothing is left to fire once it is done, or once it failed", async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;

    await withDeadline(5_000, async (signal) => {
      seen = signal;
      expect(vi.getTimerCount()).toBe(1);
      return "ok";
    });
    await expect(withDeadline(5_000, () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");

    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(seen!.aborted).toBe(false);
  });

  it("aborts work that outlasts it, with a timeout as the reason", async () => {
    vi.useFakeTimers();
    const work = withDeadline(
      300,
      (signal) => new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason as Error))),
    );
    const outcome = expect(work).rejects.toMatchObject({ name: "TimeoutError" });

    await vi.advanceTimersByTimeAsync(300);

    await outcome;
  });
});
