// `npm run bench`: in one run on this machine, for three routes (the tenant home page, the recipient
// data page and the recipient form's POST):
// - the peer: the portal's job written the usual Remix 2 way (tests/bench/peer: the portal's route
//   tree, its texts with an i18next instance per request, fetch to the same simulator, conform + zod,
//   cookie session storage), against the same simulator;
// - the portal, built, on the simulators in a process of their own (as a real backend would be);
// - the ceiling: a bare node:http server returning the portal's own bytes for each route;
// - for the open loop only, a second portal on a backend answering from memory
//   (tests/bench/replaying-backend.ts): the portal's own tail, without the simulators' pauses.
// It measures throughput (autocannon, 10 connections, alternating rounds, each round's ratio),
// latency at fixed rates (open loop, 100 and 200 requests/s), each route's latency with the backend 50 ms
// away (its round trips), the recipient pages' weight, Lighthouse, a hostile neighbour
// (tests/bench/neighbours.ts) and last the soak (tests/bench/soak.ts: two instances behind nginx with
// Redis, one tenant's backend sending gzip bombs). Besides requests per second it
// reports the server's CPU time per request, read from /proc, which varies far less than throughput
// on a shared two-core machine, and the CPU per request of the work every server shares on those
// cores (the simulators answering its calls, the load generator): what the ratio could reach.
// `npm run bench -- --quick`: only the three routes' portal / peer ratios (short warm-up and rounds,
// no bare server) and their p99 at 200/s, portal and peer, in under 5 minutes (docs/benchmarks.md
// states its spread from run to run).
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import { RECIPIENT_BUDGET, weighPage } from "../support/page-weight";
import { cookiesOf, httpRequest } from "./http";
import { LIGHTHOUSE_RUNS, lighthouseScores } from "./lighthouse";
import { median } from "./median";
import { oneAtATime } from "./open-loop";
import { openLoopApart } from "./open-loop-apart";
import { preparePeer, startPeer } from "./peer";
import {
  form,
  PORTAL_HEADERS,
  PORTAL_POST_HEADERS,
  PORTS,
  RECIPIENT_FORM,
  RECIPIENT_PAGE,
  type Request,
  type Route,
  routes,
  shownOnRecipientPage,
  startPortal,
  startReplayingBackend,
  startServer,
  startSimulators,
  TENANT_HOST,
  waitForReady,
} from "./servers";

const QUICK = process.argv.includes("--quick");
const CONNECTIONS = 10;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 4 : 8));
/** This machine's speed drifts by 10 to 20 % within a minute: rounds alternate and the median counts. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLOCK_TICKS_PER_SECOND = 100;
/**
 * The portal's code takes about 30 s of load to be fully optimised by V8 (CPU per request falls from ~9 to ~4 ms);
 * the quick bench warms each server for 12 s, most of the way.
 */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? (QUICK ? 12 : 30));
type Server = { name: string; port: number; process: ChildProcess };
type Run = { rps: number; p50: number; p99: number; cpuMsPerRequest: number; sharedCpuMsPerRequest: number; failures: number };

function cpuTicks(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

/** CPU time in ms of child processes, read from /proc. */
function childrenCpuMs(children: ChildProcess[]) {
  return (children.reduce((sum, child) => sum + cpuTicks(child.pid!), 0) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** CPU time in ms of this process, where autocannon, the load generator, runs. */
function generatorCpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * A round of autocannon on one server. Besides the server's own CPU per request, the CPU per request
 * of what every server shares on the two cores: the simulators answering its calls and the load generator.
 */
async function run(server: Server, request: Request, duration: number, simulators?: ChildProcess): Promise<Run> {
  const cpu = () => ({ server: childrenCpuMs([server.process]), shared: childrenCpuMs(simulators ? [simulators] : []) + generatorCpuMs() });
  const before = cpu();
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${request.path}`,
    method: request.method ?? "GET",
    headers: request.headers,
    body: request.body,
    connections: CONNECTIONS,
    duration,
  });
  const after = cpu();
  const requests = Math.max(1, result.requests.total);
  const expected = result.statusCodeStats?.[String(request.status)]?.count ?? 0;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: (after.server - before.server) / requests,
    sharedCpuMsPerRequest: (after.shared - before.shared) / requests,
    failures: result.errors + result.timeouts + (result.requests.total - expected),
  };
}

/** Records the portal's reply to each route, for the bare server to send back byte for byte. */
async function recordPortalReplies(benchRoutes: Route[]) {
  const replies: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const { portal } of benchRoutes) {
    const reply = await httpRequest(PORTS.portal, portal);
    if (reply.status !== portal.status)
      throw new Error(`${portal.method ?? "GET"} ${portal.path} answered ${reply.status}: ${reply.body.toString().slice(0, 300)}`);
    const headers: Record<string, string> = { "content-type": String(reply.headers["content-type"] ?? "text/html; charset=utf-8") };
    if (reply.headers.location) headers.location = String(reply.headers.location);
    replies[`${portal.method ?? "GET"} ${portal.path}`] = { status: reply.status, headers, body: reply.body.toString("base64") };
  }
  const file = join(mkdtempSync(join(tmpdir(), "bench-")), "replies.json");
  writeFileSync(file, JSON.stringify(replies));
  return file;
}

type Servers = { peer: Server; portal: Server; bare: Server; portalOnReplies: Server };

async function measureThroughput(servers: Servers, simulators: ChildProcess, benchRoutes: Route[]) {
  const measured = QUICK ? [servers.peer, servers.portal] : [servers.peer, servers.portal, servers.bare];
  for (const server of measured) await run(server, server === servers.peer ? benchRoutes[0].peer : benchRoutes[0].portal, WARM_UP_SECONDS);
  const rows = [];
  const ratios: Record<string, number[]> = {};
  for (const route of benchRoutes) {
    const targets = measured.map((server) => ({ server, request: server === servers.peer ? route.peer : route.portal }));
    const runs = targets.map(() => [] as Run[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, target] of targets.entries())
        runs[index].push(await run(target.server, target.request, DURATION_SECONDS, simulators));
    }
    ratios[route.name] = runs[1].map((portalRun, round) => Number((portalRun.rps / runs[0][round].rps).toFixed(2)));
    for (const [index, { server }] of targets.entries()) {
      rows.push({
        route: route.name,
        server: server.name,
        rps: Math.round(median(runs[index].map((r) => r.rps))),
        "p50 ms": median(runs[index].map((r) => r.p50)),
        "p99 ms": median(runs[index].map((r) => r.p99)),
        "CPU ms/request": Number(median(runs[index].map((r) => r.cpuMsPerRequest)).toFixed(2)),
        "shared CPU ms/request": Number(median(runs[index].map((r) => r.sharedCpuMsPerRequest)).toFixed(2)),
        failures: runs[index].reduce((sum, r) => sum + r.failures, 0),
      });
    }
  }
  return { rows, ratios };
}

type ThroughputRow = { rps: number; "CPU ms/request": number; "shared CPU ms/request": number };

/**
 * What bounds a server's requests per second here: its own JavaScript runs on one core (one process,
 * one main thread), and all the CPU a request costs, its own and the shared, fits on the machine's
 * cores. On that reckoning: the portal's requests per second, the ratio it could reach were its own
 * CPU nothing (the shared work alone bounds it), and the own CPU per request that 3 times the peer needs.
 */
function sharedWorkReading(peer: ThroughputRow, portal: ThroughputRow) {
  const cores = availableParallelism();
  const own = portal["CPU ms/request"];
  const shared = portal["shared CPU ms/request"];
  const reckoned = Math.min(1000 / own, (cores * 1000) / (own + shared));
  const target = 3 * peer.rps;
  const neededOwn = Math.min(1000 / target, (cores * 1000) / target - shared);
  const needs =
    neededOwn > 0
      ? `3 times the peer needs the portal's own at most ${neededOwn.toFixed(2)} ms a request (now ${own})`
      : "3 times the peer is out of reach: the shared work alone would take the machine's cores";
  return `on ${cores} cores, one of them the most the portal's own code takes, its ${own} ms and the ${shared} ms it shares reckon ${Math.round(reckoned)} requests/s (measured ${portal.rps}); were its own CPU nothing, portal / peer at most ${((cores * 1000) / shared / peer.rps).toFixed(2)}; ${needs}`;
}

const OPEN_LOOP_SECONDS = Number(process.env.BENCH_OPEN_LOOP_SECONDS ?? (QUICK ? 10 : 20));
/** The usual load, and a campaign mail's burst: the p99 each route must stay within, and below the peer's. */
const OPEN_LOOP_RATES = [
  { ratePerSecond: 100, p99TargetMs: 50 },
  { ratePerSecond: 200, p99TargetMs: 25 },
].filter(({ ratePerSecond }) => !QUICK || ratePerSecond === 200);

/** A tenth of a core. */
const QUIET_CPU_MS_PER_SECOND = 100;
const QUIET_WAIT_LIMIT_MS = 30_000;

/** Until the processes are quiet (together under a tenth of a core for a second). */
async function quiet(processes: ChildProcess[]) {
  const started = Date.now();
  for (let before = childrenCpuMs(processes); Date.now() - started < QUIET_WAIT_LIMIT_MS;) {
    await sleep(1_000);
    const now = childrenCpuMs(processes);
    if (now - before < QUIET_CPU_MS_PER_SECOND) return;
    before = now;
  }
}

/** The portal on the replaying backend, warmed up on each route as the throughput rounds warm the other. */
async function warmUpOnReplies(servers: Servers, benchRoutes: Route[]) {
  for (const route of benchRoutes) await run(servers.portalOnReplies, route.portal, WARM_UP_SECONDS / benchRoutes.length);
}

/**
 * Latency at a fixed rate, open loop: the portal's window on each route, then the same on the backend
 * answering from memory (the portal's own tail), then the peer's, each once the servers and the simulators
 * are quiet. The peer's come last: overloaded at 200/s, it goes on collecting its garbage in bursts for
 * many seconds after its last answer, on the same two cores, between moments quiet enough to pass for
 * done; the portal at these rates leaves nothing behind it.
 */
async function measureOpenLoopLatency(servers: Servers, simulators: ChildProcess, benchRoutes: Route[], ratePerSecond: number) {
  const windows = async (server: Server, side: "portal" | "peer") => {
    const rows = [];
    for (const route of benchRoutes) {
      await quiet([servers.peer.process, servers.portal.process, servers.portalOnReplies.process, simulators]);
      const latencies = await openLoopApart({ port: server.port, ...route[side] }, { ratePerSecond, seconds: OPEN_LOOP_SECONDS });
      rows.push({ route: route.name, server: server.name, ...latencies });
    }
    return rows;
  };
  const portal = await windows(servers.portal, "portal");
  const onReplies = QUICK ? [] : await windows(servers.portalOnReplies, "portal");
  const peer = await windows(servers.peer, "peer");
  return benchRoutes.flatMap((_, index) => [peer[index], portal[index], ...(QUICK ? [] : [onReplies[index]])]);
}

const BACKEND_DELAY_MS = 50;
const ROUND_TRIP_SAMPLES = Number(process.env.BENCH_ROUND_TRIP_SAMPLES ?? 40);

async function setBackendDelay(delayMs: number) {
  await fetch(`http://127.0.0.1:${PORTS.legacy}/__control`, { method: "POST", body: JSON.stringify({ delayMs }) });
}

/** A recipient's cookie for the steps after the data form (the consent and bank data posts). */
async function recipientCookie(shown: string) {
  const created = await httpRequest(PORTS.portal, {
    method: "POST",
    path: RECIPIENT_PAGE,
    headers: PORTAL_POST_HEADERS,
    body: form({ ...RECIPIENT_FORM, email: "bench.steps@example.org", shown }),
  });
  return cookiesOf(created).join("; ");
}

/** The login form's token and its cookie, as a browser has them from the page. */
async function loginForm() {
  const page = await httpRequest(PORTS.portal, { path: "/login", headers: PORTAL_HEADERS });
  return { formToken: /name="formToken" value="([^"]+)"/.exec(page.body.toString())?.[1] ?? "", cookie: cookiesOf(page).join("; ") };
}

/**
 * Each route's latency with every backend call 50 ms away, one request at a time: its dependent
 * round trips. Targets: the recipient data page one (p50 at most 60 ms), its POST two (at most 115 ms).
 */
async function measureRoundTrips(servers: Servers, benchRoutes: Route[], shown: string) {
  const recipient = await recipientCookie(shown);
  const login = await loginForm();
  const [, page, post] = benchRoutes;
  const portalRoutes: { name: string; target: Request; peer?: Request; target50?: number }[] = [
    { name: "recipient data page", target: page.portal, peer: page.peer, target50: BACKEND_DELAY_MS + 10 },
    { name: "recipient form POST", target: post.portal, peer: post.peer, target50: 2 * BACKEND_DELAY_MS + 15 },
    {
      name: "consent POST",
      target: {
        method: "POST",
        path: "/empfaenger/zustimmung",
        headers: { ...PORTAL_POST_HEADERS, cookie: recipient },
        body: form({ zustimmung: "yes" }),
        status: 302,
      },
    },
    {
      name: "bank data POST",
      target: {
        method: "POST",
        path: "/bankdaten",
        headers: { ...PORTAL_POST_HEADERS, cookie: recipient },
        body: form({ iban: "DE89370400440532013000", kontoinhaber: "Erika Muster" }),
        status: 302,
      },
    },
    {
      name: "offline code POST",
      target: { method: "POST", path: "/code", headers: PORTAL_POST_HEADERS, body: form({ code: "STCODE26" }), status: 302 },
    },
    {
      name: "login POST",
      target: {
        method: "POST",
        path: "/login",
        headers: { ...PORTAL_POST_HEADERS, cookie: login.cookie },
        body: form({ email: "demo@standard.example", password: "Demo1234", formToken: login.formToken }),
        status: 302,
      },
    },
  ];
  await setBackendDelay(BACKEND_DELAY_MS);
  try {
    const rows = [];
    for (const route of portalRoutes) {
      const portal = await oneAtATime({ port: servers.portal.port, ...route.target }, ROUND_TRIP_SAMPLES);
      const peer = route.peer ? await oneAtATime({ port: servers.peer.port, ...route.peer }, ROUND_TRIP_SAMPLES) : null;
      rows.push({
        route: route.name,
        "portal p50 ms": portal.p50,
        "round trips": Math.round(portal.p50 / BACKEND_DELAY_MS),
        "target p50 ms": route.target50 ?? "",
        met: route.target50 === undefined ? "" : portal.p50 <= route.target50 ? "yes" : "NO",
        "peer p50 ms": peer?.p50 ?? "",
        "portal / peer": peer ? Number((portal.p50 / peer.p50).toFixed(2)) : "",
        failures: portal.failures,
        "peer failures": peer?.failures ?? "",
      });
    }
    return rows;
  } finally {
    await setBackendDelay(0);
  }
}

async function measurePageWeights() {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const pages = ["/code", "/empfehlungabgelaufen", RECIPIENT_PAGE];
    const weights = [];
    for (const path of pages) weights.push(await weighPage(browser, `http://${TENANT_HOST}${path}`));
    return weights;
  } finally {
    await browser.close();
  }
}

/** How far a route's rounds lie apart: (largest - smallest) / median. */
function roundSpread(values: number[]) {
  return `${Math.round((100 * (Math.max(...values) - Math.min(...values))) / median(values))} %`;
}

/** A part of the run in a process of its own (the built portal is there already), its report printed as it comes; its exit code. */
function part(script: string) {
  const child = spawn(process.execPath, ["--import", "tsx", script], { stdio: "inherit", env: { ...process.env, SOAK_SKIP_BUILD: "1" } });
  return new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}

async function main() {
  execSync("npm run build", { stdio: "ignore" });
  const peerDir = preparePeer();
  const simulators = startSimulators();
  const portal = startPortal();
  const peer = startPeer(peerDir);
  const replies = startReplayingBackend();
  const portalOnReplies = startPortal([], { port: PORTS.portalOnReplies, legacy: PORTS.repliedLegacy, cms: PORTS.repliedCms });
  const children = [simulators, portal, peer, replies, portalOnReplies];
  let failed = false;
  try {
    await waitForReady(`http://127.0.0.1:${PORTS.portal}/readyz`);
    await waitForReady(`http://127.0.0.1:${PORTS.peer}/`);
    await waitForReady(`http://127.0.0.1:${PORTS.portalOnReplies}/readyz`);
    const shown = await shownOnRecipientPage();
    const benchRoutes = routes(shown);
    const bare = startServer(["--import", "tsx", "tests/bench/bare-server.ts", await recordPortalReplies(benchRoutes)], PORTS.bare);
    children.push(bare);
    await waitForReady(`http://127.0.0.1:${PORTS.bare}/`);
    const servers = {
      peer: { name: "peer: the same job, the usual Remix 2 way", port: PORTS.peer, process: peer },
      portal: { name: "portal (standard, simulators apart)", port: PORTS.portal, process: portal },
      bare: { name: "bare node:http, the portal's bytes", port: PORTS.bare, process: bare },
      portalOnReplies: { name: "portal, the backend answering from memory", port: PORTS.portalOnReplies, process: portalOnReplies },
    };

    const { rows, ratios } = await measureThroughput(servers, simulators, benchRoutes);
    console.log(
      `\nThroughput: ${CONNECTIONS} connections, median of ${ROUNDS} alternating rounds of ${DURATION_SECONDS} s, Node ${process.version}, ${new Date().toISOString()}\n`,
    );
    console.table(rows);
    for (const route of benchRoutes) {
      const [peerRow, portalRow, bareRow] = rows.filter((row) => row.route === route.name);
      const ratio = portalRow.rps / peerRow.rps;
      console.log(
        `${route.name}: portal / peer ${ratio.toFixed(2)} in requests/s (target 3: ${ratio >= 3 ? "met" : "MISSED"}; each round: ${ratios[route.name].join(", ")}; spread ${roundSpread(ratios[route.name])}), ${(peerRow["CPU ms/request"] / portalRow["CPU ms/request"]).toFixed(2)} in CPU per request (above 1: the portal is cheaper)${bareRow ? `; portal / bare ${(portalRow.rps / bareRow.rps).toFixed(3)}` : ""}`,
      );
      console.log(`  ${sharedWorkReading(peerRow, portalRow)}`);
    }

    if (!QUICK) await warmUpOnReplies(servers, benchRoutes);
    const latency = [];
    for (const { ratePerSecond, p99TargetMs } of OPEN_LOOP_RATES) {
      const atRate = await measureOpenLoopLatency(servers, simulators, benchRoutes, ratePerSecond);
      console.log(
        `\nLatency, open loop at ${ratePerSecond} requests/s for ${OPEN_LOOP_SECONDS} s, timed from each request's scheduled start (ms)`,
      );
      console.table(atRate);
      for (const route of benchRoutes) {
        const [peerRow, portalRow, onRepliesRow] = atRate.filter((row) => row.route === route.name);
        const met = portalRow.p99 <= p99TargetMs && portalRow.p99 < peerRow.p99;
        console.log(
          `${route.name} at ${ratePerSecond}/s: p99 ${portalRow.p99} ms (target at most ${p99TargetMs} and below the peer's ${peerRow.p99}: ${met ? "met" : "MISSED"})${onRepliesRow ? `; on a backend answering from memory ${onRepliesRow.p99} ms` : ""}; p50 portal / peer ${(portalRow.p50 / peerRow.p50).toFixed(2)}; the load generator's longest stall ${portalRow["generator stall"]} ms${onRepliesRow ? ` (${onRepliesRow["generator stall"]} on the backend from memory)` : ""}`,
        );
      }
      latency.push(...atRate);
    }

    const portalsFailed = [...rows, ...latency].some((row) => row.server !== servers.peer.name && row.failures > 0);
    if (QUICK) {
      failed = portalsFailed;
      return;
    }
    const roundTrips = await measureRoundTrips(servers, benchRoutes, shown);
    console.log(`\nBackend round trips: every legacy call ${BACKEND_DELAY_MS} ms away, ${ROUND_TRIP_SAMPLES} requests one at a time`);
    console.table(roundTrips);

    const weights = await measurePageWeights();
    console.log(`\nRecipient pages, gzipped (budget: JS ${RECIPIENT_BUDGET.jsKb} KB, HTML ${RECIPIENT_BUDGET.htmlKb} KB)`);
    console.table(weights);

    console.log(`\nLighthouse 12, mobile emulation (Debian chromium), median of ${LIGHTHOUSE_RUNS} runs`);
    console.table(await lighthouseScores(PORTS.portal, TENANT_HOST, ["/", RECIPIENT_PAGE, "/bestaetigung?empfehlung=ST-100003"]));

    // The peer saturating (its 200/s windows) is what the bench measures, not a failure of the run.
    failed = portalsFailed || roundTrips.some((row) => row.failures > 0);
  } finally {
    for (const child of children) child.kill("SIGTERM");
    if (failed) process.exitCode = 1;
  }
  if (process.env.PICTURES !== "0" && !QUICK) {
    console.log(
      "\nPictures: the story picture cold and kept, and another tenant's p99 while 20 clients fetch it (tests/bench/pictures.ts)",
    );
    if ((await part("tests/bench/pictures.ts")) !== 0) failed = true;
  }
  if (process.env.NEIGHBOURS !== "0") {
    console.log("\nA hostile neighbour: telekom's home page while friday's backend misbehaves (tests/bench/neighbours.ts)");
    if ((await part("tests/bench/neighbours.ts")) !== 0) failed = true;
  }
  if (process.env.SOAK_MINUTES !== "0") {
    console.log(
      "\nSoak: the recipient journey through two instances behind nginx, with Redis, the backend 20 ms away; friday's backend quiet, then sending gzip bombs",
    );
    if ((await part("tests/bench/soak.ts")) !== 0) failed = true;
  }
  if (failed) process.exitCode = 1;
}

await main();
