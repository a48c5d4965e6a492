import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { memoryLogger } from "../../tests/support/test-logger";
import { createSealer } from "../platform/seal.server";
import { createSharedState } from "./shared-state.server";
import { createSubmissionRecords, submissionIdIn } from "./submissions.server";

// Without Redis (the embedded default): once per instance. Across instances: bff/state/shared-state.server.test.ts.
const inMemory = () =>
  createSubmissionRecords(createSharedState({ logger: memoryLogger().logger }), {
    claimMs: 1_000,
    sealer: createSealer(["s".repeat(32)]),
    browserOf: (request) => request.headers.get("x-browser") ?? undefined,
  });

const post = (url: string, browser?: string) => new Request(url, { method: "POST", headers: browser ? { "x-browser": browser } : {} });

describe("submission guard in memory", () => {
  it("runs a submission once, however often it is posted", async () => {
    const guard = inMemory();
    let writes = 0;
    const write = async () => ++writes;
    const results = await Promise.all([guard.once(["id-1"], write), guard.once(["id-1"], write), guard.once(["id-1"], write)]);
    expect(results).toEqual([1, 1, 1]);
    expect(await guard.once(["id-2"], write)).toBe(2);
  });

  it("lets a failed submission be tried again", async () => {
    const guard = inMemory();
    await expect(guard.once(["id"], () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(guard.once(["id"], async () => "ok")).resolves.toBe("ok");
  });

  it("gives a form's outcome only to the browser that posted it, on that host, form and route", async () => {
    const guard = inMemory();
    const id = randomUUID();
    let writes = 0;
    const write = async () => ++writes;
    const url = "http://allianz.localhost/empfaengerdaten/AZ-100003";
    const form = { form: "recipient", id, params: { empfehlungsnummer: "AZ-100003" } };
    expect(await guard.onceFromBrowser(post(url, "a"), form, write)).toBe(1);
    expect(await guard.onceFromBrowser(post(url, "a"), form, write)).toBe(1);
    // Another browser, host, form or route with the same id: another submission.
    expect(await guard.onceFromBrowser(post(url, "b"), form, write)).toBe(2);
    expect(await guard.onceFromBrowser(post("http://telekom.localhost/empfaengerdaten/AZ-100003", "a"), form, write)).toBe(3);
    expect(await guard.onceFromBrowser(post(url, "a"), { ...form, form: "contact" }, write)).toBe(4);
    expect(await guard.onceFromBrowser(post(url, "a"), { ...form, params: { empfehlungsnummer: "AZ-100001" } }, write)).toBe(5);
  });

  it("does not deduplicate a post without a browser binding or an id", async () => {
    const guard = inMemory();
    let writes = 0;
    const write = async () => ++writes;
    const url = "http://standard.localhost/kontakt";
    const id = randomUUID();
    await guard.onceFromBrowser(post(url), { form: "contact", id }, write);
    await guard.onceFromBrowser(post(url), { form: "contact", id }, write);
    await guard.onceFromBrowser(post(url, "a"), { form: "contact", id: undefined }, write);
    await guard.onceFromBrowser(post(url, "a"), { form: "contact", id: undefined }, write);
    expect(writes).toBe(4);
  });

  it("takes only a UUID as a submission id", () => {
    const form = (id: string) => {
      const data = new FormData();
      data.set("submissionId", id);
      return data;
    };
    const id = randomUUID();
    expect(submissionIdIn(form(id))).toBe(id);
    for (const id of ["x", "", "../../etc", `${randomUUID()}x`, "00000000-0000-0000-0000-00000000000g"]) {
      expect(submissionIdIn(form(id))).toBeUndefined();
    }
    expect(submissionIdIn(new FormData())).toBeUndefined();
  });
});
