// Latency at a fixed rate, open loop: requests leave on a schedule (one every 1000/rate ms) whether
// or not earlier ones have been answered, each timed from its scheduled start, so a slow answer, or a
// generator held up by one, is never hidden (no coordinated omission). Closed-loop tools (autocannon,
// even with overallRate) wait for answers and send in bursts.
import { Agent, request } from "node:http";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

export type Target = { port: number; method?: string; path: string; headers?: Record<string, string>; body?: string; status: number };
export type Latencies = { sent: number; failures: number; p50: number; p90: number; p99: number; max: number };
/** With the load generator's longest stall: what of a window's tail came from this process, not the server. */
export type OpenLoopLatencies = Latencies & { "generator stall": number };

function send(agent: Agent, target: Target): Promise<number> {
  return new Promise((resolve) => {
    const outgoing = request(
      { agent, host: "127.0.0.1", port: target.port, method: target.method ?? "GET", path: target.path, headers: target.headers },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on("error", () => resolve(0));
    outgoing.end(target.body);
  });
}

/** How finely the generator's own event loop is watched: fine enough for a tail of 25 ms, cheap at 200 wake-ups a second. */
const STALL_RESOLUTION_MS = 5;

export function percentile(sorted: number[], fraction: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

export function summarise(latencies: number[], failures: number): Latencies {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (value: number) => Number(value.toFixed(1));
  return {
    sent: latencies.length,
    failures,
    p50: round(percentile(sorted, 0.5)),
    p90: round(percentile(sorted, 0.9)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

export async function openLoop(
  target: Target,
  { ratePerSecond, seconds }: { ratePerSecond: number; seconds: number },
): Promise<OpenLoopLatencies> {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const stalls = monitorEventLoopDelay({ resolution: STALL_RESOLUTION_MS });
  stalls.enable();
  const interval = 1000 / ratePerSecond;
  const count = Math.round(ratePerSecond * seconds);
  const start = performance.now() + 20;
  const latencies: number[] = [];
  let failures = 0;
  const answers: Promise<void>[] = [];
  for (let index = 0; index < count; index++) {
    const scheduled = start + index * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await sleep(wait);
    answers.push(
      send(agent, target).then((status) => {
        latencies.push(performance.now() - scheduled);
        if (status !== target.status) failures++;
      }),
    );
  }
  await Promise.all(answers);
  stalls.disable();
  agent.destroy();
  return { ...summarise(latencies, failures), "generator stall": Number((stalls.max / 1e6).toFixed(1)) };
}

/** One request after another: the latency of a route alone, without queueing (the backend round trips). */
export async function oneAtATime(target: Target, count: number): Promise<Latencies> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let failures = 0;
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    if ((await send(agent, target)) !== target.status) failures++;
    latencies.push(performance.now() - started);
  }
  agent.destroy();
  return summarise(latencies, failures);
}
