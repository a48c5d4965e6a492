import { describe, expect, it } from "vitest";
import { createSharedReads } from "./shared-reads.server";

describe("shared reads", () => {
  it("makes one upstream call for 100 concurrent reads of a key", async () => {
    const reads = createSharedReads();
    let calls = 0;
    const load = async () => {
      calls += 1;
      return "value";
    };
    const values = await Promise.all(Array.from({ length: 100 }, () => reads.read("tenant|key", load)));
    expect(new Set(values)).toEqual(new Set(["value"]));
    expect(calls).toBe(1);
  });

  it("passes a failure on to every waiter, and tries again on the next read", async () => {
    const reads = createSharedReads();
    await expect(reads.read("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(reads.read("k", async () => "back")).resolves.toBe("back");
  });

  it("serves the stale value when a refresh fails", async () => {
    const reads = createSharedReads({ ttlMs: 1 });
    await reads.read("k", async () => "first");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await reads.read("k", () => Promise.reject(new Error("down")));
    await expect(reads.read("k", () => Promise.reject(new Error("still down")))).resolves.toBe("first");
  });
});
