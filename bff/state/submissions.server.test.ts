import { describe, expect, it } from "vitest";
import { memoryLogger } from "../../tests/support/test-logger";
import { createSealer } from "../core/seal.server";
import { createSharedState } from "./shared-state.server";
import { createSubmissionGuard } from "./submissions.server";

// Without Redis (the embedded default): once per instance. Across instances: bff/state/shared-state.server.test.ts.
const inMemory = () =>
  createSubmissionGuard(createSharedState({ logger: memoryLogger().logger }), { claimMs: 1_000, sealer: createSealer(["s".repeat(32)]) });

describe("submission guard in memory", () => {
  it("runs a submission once, however often it is posted", async () => {
    const guard = inMemory();
    let writes = 0;
    const write = async () => ++writes;
    const results = await Promise.all([guard.once("id-1", write), guard.once("id-1", write), guard.once("id-1", write)]);
    expect(results).toEqual([1, 1, 1]);
    expect(await guard.once("id-2", write)).toBe(2);
  });

  it("lets a failed submission be tried again", async () => {
    const guard = inMemory();
    await expect(guard.once("id", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(guard.once("id", async () => "ok")).resolves.toBe("ok");
  });
});
