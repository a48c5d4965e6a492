// `npm test`: package.json's checks once each, on the Node that runs this (tests/runtime/node24.sh puts
// Node 24 first on PATH). Types and lint side by side (each keeps one core busy), then the unit and
// contract tests, then the end-to-end tests; the first step that fails ends the run. Each step's time,
// both runners' JSON reports and the end-to-end set-ups' times go to reports/ (SUITE_REPORTS), where
// `npm run test:profile` reads them.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { SETUP_LOG, SUITE_REPORTS } from "./reports";

type Step = { script: string; env?: Record<string, string> };
type StepTime = { name: string; seconds: number; ok: boolean };

/** package.json's scripts; those in one inner list run side by side, their output held until each ends. */
const STAGES: Step[][] = [
  [{ script: "typecheck" }, { script: "lint" }],
  [{ script: "test:unit" }],
  [{ script: "test:e2e", env: { SETUP_LOG } }],
];

function run({ script, env }: Step, streamed: boolean): Promise<StepTime> {
  const started = performance.now();
  const child = spawn("npm", ["run", "--silent", script], {
    stdio: streamed ? "inherit" : ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  let held = "";
  child.stdout?.on("data", (chunk) => (held += chunk));
  child.stderr?.on("data", (chunk) => (held += chunk));
  return new Promise((resolve) =>
    child.once("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (!streamed) process.stdout.write(`── ${script} ──\n${held}`);
      console.log(`── ${script}: ${code === 0 ? "passed" : "FAILED"} in ${seconds.toFixed(1)} s ──`);
      resolve({ name: script, seconds, ok: code === 0 });
    }),
  );
}

/** The plain closing line (`N passed, N failed`) of both test runners together. */
function closingLine() {
  const unit = JSON.parse(readFileSync(`${SUITE_REPORTS}/vitest.json`, "utf8")) as { numPassedTests: number; numFailedTests: number };
  const e2e = JSON.parse(readFileSync(`${SUITE_REPORTS}/playwright.json`, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  const failed = unit.numFailedTests + e2e.stats.unexpected + e2e.stats.flaky;
  return `suite: ${unit.numPassedTests + e2e.stats.expected} passed, ${failed} failed`;
}

rmSync(SUITE_REPORTS, { recursive: true, force: true });
mkdirSync(SUITE_REPORTS, { recursive: true });
console.log(`every check on Node ${process.version}`);
const started = performance.now();
const times: StepTime[] = [];
for (const stage of STAGES) {
  times.push(...(await Promise.all(stage.map((step) => run(step, stage.length === 1)))));
  if (times.some(({ ok }) => !ok)) break;
}
const seconds = (performance.now() - started) / 1000;
writeFileSync(`${SUITE_REPORTS}/steps.json`, JSON.stringify({ node: process.version, seconds, steps: times }, null, 2));
console.log(times.map(({ name, seconds }) => `${name} ${seconds.toFixed(0)} s`).join(", ") + `; in all ${(seconds / 60).toFixed(1)} min`);
if (times.some(({ ok }) => !ok)) process.exit(1);
console.log(closingLine());
