// `npm run bench`: in one run on this machine, with autocannon at 10 connections,
// - the peer: a minimal Remix 2 page with the standard remix-i18next recipe (tests/bench/peer),
// - the portal's tenant home page, built, on its embedded simulators,
// - the ceiling: a bare node:http server returning the portal's own HTML bytes.
// Besides requests per second it reports the server's CPU time per request, read from
// /proc, which varies far less than throughput on a shared two-core machine.
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";

const CONNECTIONS = 10;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** This machine's speed drifts by 10 to 20 % within a minute: rounds alternate and the median counts. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLOCK_TICKS_PER_SECOND = 100;
/** The portal's code takes about 30 s of load to be fully optimised by V8 (CPU per request falls from ~9 to ~4 ms). */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 30);
const PAGE = { name: "home (telekom)", host: "telekom.localhost", path: "/" };

type Target = { name: string; port: number; path: string; headers?: Record<string, string>; process: ChildProcess };
type Run = { rps: number; p50: number; p99: number; cpuMsPerRequest: number; errors: number; non2xx: number };

function startServer(args: string[], port: number, cwd = ".") {
  return spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), SIMULATOR_PORT: "0", CMS_SIMULATOR_PORT: "0", LOG_LEVEL: "info" },
    stdio: "ignore",
  });
}

async function waitForReady(url: string) {
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not become ready`);
}

function cpuTicks(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

async function run(target: Target, duration: number): Promise<Run> {
  const before = cpuTicks(target.process.pid!);
  const result = await autocannon({
    url: `http://127.0.0.1:${target.port}${target.path}`,
    connections: CONNECTIONS,
    duration,
    headers: target.headers,
  });
  const cpuMs = ((cpuTicks(target.process.pid!) - before) * 1000) / CLOCK_TICKS_PER_SECOND;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: cpuMs / Math.max(1, result.requests.total),
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measureAll(targets: Target[]) {
  for (const target of targets) await run(target, WARM_UP_SECONDS);
  const runs = targets.map(() => [] as Run[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, target] of targets.entries()) runs[index].push(await run(target, DURATION_SECONDS));
  }
  return targets.map(({ name }, index) => ({
    name,
    rps: Math.round(median(runs[index].map((r) => r.rps))),
    "p50 ms": median(runs[index].map((r) => r.p50)),
    "p99 ms": median(runs[index].map((r) => r.p99)),
    "CPU ms/request": Number(median(runs[index].map((r) => r.cpuMsPerRequest)).toFixed(2)),
    errors: runs[index].reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  }));
}

async function main() {
  execSync("npx remix build", { stdio: "ignore" });
  execSync("npx remix build", { stdio: "ignore", cwd: "tests/bench/peer" });
  const portal = startServer(["--import", "tsx", "server/index.ts"], 3300);
  const peer = startServer(["server.js"], 3302, "tests/bench/peer");
  const children = [portal, peer];
  try {
    await waitForReady("http://127.0.0.1:3300/readyz");
    await waitForReady("http://127.0.0.1:3302/");
    const html = Buffer.from(await (await fetch(`http://127.0.0.1:3300${PAGE.path}`, { headers: { host: PAGE.host } })).arrayBuffer());
    const htmlFile = join(mkdtempSync(join(tmpdir(), "bench-")), "page.html");
    writeFileSync(htmlFile, html);
    const bare = startServer(["--import", "tsx", "tests/bench/bare-server.ts", htmlFile], 3301);
    children.push(bare);
    await waitForReady("http://127.0.0.1:3301/");

    const rows = await measureAll([
      { name: "peer: minimal Remix page, standard remix-i18next", port: 3302, path: "/", process: peer },
      { name: `portal: ${PAGE.name}`, port: 3300, path: PAGE.path, headers: { host: PAGE.host }, process: portal },
      { name: `bare node:http, same ${html.length} bytes`, port: 3301, path: "/", process: bare },
    ]);
    console.log(`\n${CONNECTIONS} connections, median of ${ROUNDS} alternating rounds of ${DURATION_SECONDS} s, Node ${process.version}, ${new Date().toISOString()}\n`);
    console.table(rows);
    const [peerRow, portalRow, bareRow] = rows;
    console.log(`portal / peer: ${(portalRow.rps / peerRow.rps).toFixed(2)} in requests/s, ${(peerRow["CPU ms/request"] / portalRow["CPU ms/request"]).toFixed(2)} in CPU per request (above 1: the portal is cheaper)`);
    console.log(`portal / bare: ${(portalRow.rps / bareRow.rps).toFixed(3)} in requests/s`);
    if (rows.some((row) => row.errors > 0)) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill("SIGTERM");
  }
}

await main();
