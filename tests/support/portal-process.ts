// A portal process of its own, for tests that need a fresh server (configuration, shutdown,
// tenant flags that the shared end-to-end server has already cached). On the demo's simulators where
// `env` names no backend.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "./redis";
import { recordSetup, timedSetup } from "./setup-timing";

export type PortalPorts = { port: number; simulatorPort: number };

/** When each portal not yet ready was started, by its port: its start is timed until it first answers ready. */
const startedAt = new Map<number, number>();

/** The server as production runs it: bundled by `npm run build` (the end-to-end run builds first), with Node's options as `npm start` gives them. */
export const BUILT_SERVER = ["--max-semi-space-size=64", "build/portal-server/index.js"];

/** `preload`: modules loaded before the server's (a fixed clock). */
export function startPortal(
  { port, simulatorPort }: PortalPorts,
  env: Record<string, string>,
  preload: string[] = [],
  /** The Node binary it runs on: this one, unless a test names another (tests/runtime/node24.sh). */
  runtime = process.execPath,
) {
  // A preloaded module is TypeScript: tsx loads it, the server itself runs from the build.
  const loader = preload.length ? ["--import", "tsx", ...preload.flatMap((module) => ["--import", module])] : [];
  const child = spawn(runtime, [...loader, ...BUILT_SERVER], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO: "1",
      PORT: String(port),
      SIMULATOR_PORT: String(simulatorPort),
      CMS_SIMULATOR_PORT: "0",
      LOG_LEVEL: "info",
      MAILS_PER_ADDRESS_PER_HOUR: "200",
      LINK_LOOKUPS_PER_10_MINUTES: "100000",
      FAILED_TOKENS_PER_10_MINUTES: "10000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  startedAt.set(port, performance.now());
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

/** A process's JSON log lines (pino's), each parsed; anything else it wrote left out. */
export function jsonLogLines<T = Record<string, unknown>>(output: string): T[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as T);
}

export type ReadinessAnswer = { status: number; body: { status: string; tenants: Record<string, boolean>; problems: string[] } };

/**
 * /readyz once every tenant has a result (readiness answers at once, from each tenant's last check: a
 * tenant not checked yet says so), whether ready or not; with `ready`, only an answer of 200.
 */
export async function waitForChecked({ port }: Pick<PortalPorts, "port">, { ready = false } = {}): Promise<ReadinessAnswer> {
  // Starting takes a few seconds, more on a busy CI machine: up to 30 s.
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      const answer = { status: response.status, body: (await response.json()) as ReadinessAnswer["body"] };
      const checked = !answer.body.problems.some((problem) => problem.endsWith(": not checked yet"));
      if (checked && (!ready || response.ok)) return timedStart(port, answer);
    } catch {
      // not yet listening
    }
    await sleep(100);
  }
  throw new Error(ready ? "portal did not start" : "portal did not check its tenants");
}

function timedStart<T>(port: number, answer: T) {
  const started = startedAt.get(port);
  startedAt.delete(port);
  if (started !== undefined) recordSetup("portal", performance.now() - started);
  return answer;
}

export async function waitForReady(ports: Pick<PortalPorts, "port">) {
  await waitForChecked(ports, { ready: true });
}

/** Ends a child process at once and waits for it to be gone; one already gone is left as it is. */
export async function stopProcess(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
}

export type SimulatorProcess = { legacyPort: number; cmsPort: number; child: ChildProcess };

/** The simulators in a process of their own, on free ports, as a backend apart: their links name a portal on `portalPort`. */
export function startSimulatorProcess(portalPort: number): Promise<SimulatorProcess> {
  return timedSetup("simulators", () => simulatorProcess(portalPort));
}

async function simulatorProcess(portalPort: number): Promise<SimulatorProcess> {
  const [legacyPort, cmsPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ["--import", "tsx", "simulators/start.ts"], {
    env: {
      ...process.env,
      SIMULATOR_PORT: String(legacyPort),
      CMS_SIMULATOR_PORT: String(cmsPort),
      SIMULATOR_PORTAL_ORIGIN: `http://{tenant}.localhost:${portalPort}`,
    },
    stdio: "ignore",
  });
  for (let attempt = 0; attempt < 150; attempt++) {
    const answered = await fetch(`http://127.0.0.1:${legacyPort}/__control`, { method: "POST", body: "{}" }).catch(() => null);
    if (answered?.ok) return { legacyPort, cmsPort, child };
    await sleep(100);
  }
  await stopProcess(child);
  throw new Error("the simulators did not start");
}

/** How many calls whose `METHOD /path` contains `call` the simulated backend on `legacyPort` has received. */
export async function backendCallsTo(legacyPort: number, call: string) {
  const calls = (await (await fetch(`http://127.0.0.1:${legacyPort}/__calls?contains=${encodeURIComponent(call)}`)).json()) as Record<
    string,
    number
  >;
  return Object.values(calls).reduce((sum, count) => sum + count, 0);
}

/** A process's resident memory in MB, from the kernel. */
export function residentMegabytes(pid: number | undefined) {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
}
