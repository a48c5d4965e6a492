// How long each expensive end-to-end set-up took, one JSON line each in the suite's set-up log
// (SETUP_LOG, which `npm test` sets for its end-to-end step), for `npm run test:profile`. Without SETUP_LOG
// nothing is written.
import { appendFileSync } from "node:fs";
import { relative } from "node:path";
import { performance } from "node:perf_hooks";
import { test } from "@playwright/test";

export type SetupKind = "portal" | "simulators" | "nginx" | "redis" | "sentinels";

function specFile() {
  try {
    return relative(process.cwd(), test.info().file);
  } catch {
    return "(outside a test)";
  }
}

export function recordSetup(kind: SetupKind, milliseconds: number) {
  const log = process.env.SETUP_LOG;
  if (log) appendFileSync(log, `${JSON.stringify({ kind, file: specFile(), milliseconds: Math.round(milliseconds) })}\n`);
}

export async function timedSetup<T>(kind: SetupKind, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  recordSetup(kind, performance.now() - started);
  return result;
}
