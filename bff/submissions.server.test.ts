import { describe, expect, it } from "vitest";
import { createSubmissionGuard } from "./submissions.server";

describe("submission guard", () => {
  it("runs a submission once, however often it is posted", async () => {
    const guard = createSubmissionGuard();
    let writes = 0;
    const write = async () => ++writes;
    const results = await Promise.all([guard.once("id-1", write), guard.once("id-1", write), guard.once("id-1", write)]);
    expect(results).toEqual([1, 1, 1]);
    expect(await guard.once("id-2", write)).toBe(2);
  });

  it("lets a failed submission be tried again", async () => {
    const guard = createSubmissionGuard();
    await expect(guard.once("id", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(guard.once("id", async () => "ok")).resolves.toBe("ok");
  });
});
