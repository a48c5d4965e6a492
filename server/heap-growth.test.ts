import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";
import { HEAP_GROWTH_FLAG } from "./heap-growth";

// setFlagsFromString ignores a flag V8 no longer knows (one line on stderr, nothing thrown); on the
// command line Node refuses it, so this fails on the Node upgrade that drops it.
it("is a flag this Node's V8 knows", () => {
  const started = spawnSync(process.execPath, [HEAP_GROWTH_FLAG, "-e", "0"], { encoding: "utf8" });
  expect(started.stderr).toBe("");
  expect(started.status).toBe(0);
});
