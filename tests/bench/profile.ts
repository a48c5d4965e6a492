// `npm run bench:profile`: where the portal's CPU goes on each of the bench's three routes. The portal,
// built, on the simulators in a process of their own (as in `npm run bench`), is warmed up, then V8's
// sampling profiler runs (through the inspector) while autocannon loads one route. Each sample goes to
// the part of the code it was taken in: its innermost frame that names a part. A builtin (JSON.parse) and
// Node's helpers (URL, TextEncoder, AbortController, the Fetch API's objects) count for their caller;
// Node's HTTP, sockets, zlib, crypto and event loop are parts of their own.
// The builds' code (app/ and bff/ in Remix's, server/ and its copy of bff/ in the server's bundle) is told
// apart by their source maps, built for this run only.
// Prints each route's table of parts, in per cent of the CPU the server spent, and CPU ms per request.
// PROFILE_SERVER=peer profiles the bench's peer the same way (its own code is its build, tests/bench/peer),
// to tell the work both do from the portal's own. PROFILE_RATE=200 profiles an open loop at that rate
// instead, and prints its latencies and its longest stretches without a moment idle, by part: what the
// slowest requests waited behind (a gap between samples counts as the machine's, not the server's).
import { execSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { SourceMap, type SourceMapPayload } from "node:module";
import autocannon from "autocannon";
import { connectInspector, type CpuProfile } from "./live-heap";
import { openLoop } from "./open-loop";
import { preparePeer, startPeer } from "./peer";
import { PORTS, type Request, routes, shownOnRecipientPage, startPortal, startSimulators, waitForReady } from "./servers";

const WARM_UP_SECONDS = Number(process.env.PROFILE_WARM_UP_SECONDS ?? 30);
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 15);
const INSPECTOR_PORT = 9339;
const PROFILED = process.env.PROFILE_SERVER === "peer" ? "peer" : "portal";
/** PROFILE_RATE: profile an open loop at this many requests a second instead of 10 connections, with its longest busy stretches. */
const RATE = Number(process.env.PROFILE_RATE ?? 0);
const STRETCHES_SHOWN = 8;
/** Remix's server build and the Node server's bundle (`npm run build`), each with its source map for this run. */
const BUNDLES = ["build/server/index.js", "build/portal-server/index.js"];

/** The parts a request's CPU is told in, each by the files of its frames; the first that matches counts. */
const PARTS: [string, RegExp][] = [
  ["zod and the tolerant reader", /node_modules\/zod\/|bff\/legacy\/(legacy-reply|reply-problems|legacy-code)/],
  ["legacy client (undici)", /node_modules\/undici\/|bff\/legacy\/legacy-client|bff\/platform\/(bulkhead|circuit-breaker)/],
  ["sealing and cookies", /bff\/session\/|bff\/platform\/(seal|one-way-key)|node_modules\/cookie\/|node:internal\/crypto/],
  ["i18n", /node_modules\/(i18next|react-i18next|remix-i18next)\/|app\/i18n\//],
  [
    "logging and metrics",
    /node_modules\/(pino|pino-std-serializers|sonic-boom|prom-client)\/|bff\/platform\/(logger|metrics)|server\/metrics/,
  ],
  ["React rendering", /node_modules\/(react|react-dom|scheduler)\//],
  ["Remix adapter and router", /node_modules\/(@remix-run|react-router|react-router-dom|turbo-stream|@web3-storage)\//],
  ["compression (zlib)", /^node:(zlib|internal\/zlib)|node_modules\/compression\//],
  [
    "Express and its middleware",
    /node_modules\/(express|router|body-parser|finalhandler|send|serve-static|on-finished|qs|raw-body|iconv-lite|negotiator)\/|\/server\/|\/bench-peer-\w+\/server\.js/,
  ],
  [`the ${PROFILED}'s own code (${PROFILED === "peer" ? "its build" : "app/, bff/"})`, /\/app\/|\/bff\/|\/bench-peer-\w+\/build\//],
  ["Node's HTTP", /^node:(_http|http|internal\/http)/],
  ["Node's sockets and streams", /^node:(net|stream|internal\/(streams|stream_base_commons|net|dns))/],
  ["promises and the event loop", /^node:internal\/(process\/task_queues|timers)/],
];

type Frame = CpuProfile["nodes"][number]["callFrame"];

type SourceMaps = Map<string, SourceMap>;

/** The file a frame's code was written in: for a bundle, its source by the bundle's source map. */
function sourceFileOf(frame: Frame, maps: SourceMaps) {
  const bundle = BUNDLES.find((file) => frame.url.endsWith(file));
  if (!bundle) return frame.url;
  const entry = maps.get(bundle)!.findEntry(frame.lineNumber, frame.columnNumber);
  return "originalSource" in entry ? entry.originalSource : frame.url;
}

/** The part a frame belongs to; undefined where its caller's part counts (a builtin, one of Node's helpers). */
function partOf(frame: Frame, maps: SourceMaps): string | null | undefined {
  if (frame.functionName === "(idle)") return null;
  if (frame.functionName === "(garbage collector)") return "garbage collection";
  if (frame.functionName === "(program)") return "V8 and Node outside JavaScript";
  if (!frame.url) return undefined;
  const file = sourceFileOf(frame, maps);
  const part = PARTS.find(([, files]) => files.test(file))?.[0];
  return part ?? (file.startsWith("node:") ? undefined : "other packages");
}

/** A sample's part (null where the server was idle), by its innermost frame that names one. */
function samplePartResolver(profile: CpuProfile, maps: SourceMaps) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const partOfNode = (id: number): string | null => {
    const part = partOf(byId.get(id)!.callFrame, maps);
    if (part !== undefined) return part;
    const parent = parentOf.get(id);
    return parent === undefined ? "other packages" : partOfNode(parent);
  };
  return partOfNode;
}

/**
 * The time a sample stands for: the time since the one before. The first sample's is the time from the
 * profiler's start to it, not the process's (once 236 ms, 2.3 % of a route's profile, put on whatever
 * ran then): none.
 */
const sampleMs = (profile: CpuProfile, index: number) => (index === 0 ? 0 : profile.timeDeltas[index] / 1000);

/** Milliseconds per part: each sample to its innermost frame with a file, idle time left out. */
function timeByPart(profile: CpuProfile, maps: SourceMaps) {
  const partOfNode = samplePartResolver(profile, maps);
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const part = partOfNode(id);
    if (part) totals.set(part, (totals.get(part) ?? 0) + sampleMs(profile, index));
  });
  return totals;
}

/** A sample this long after the one before means the process did not run in between: the machine's time, not the server's. */
const UNSAMPLED_MS = 10;
const UNSAMPLED = "no samples: the process was not running";

type Stretch = { startMs: number; ms: number; parts: Map<string, number> };

/**
 * The runs of the server's time without a moment idle, longest first: what a request that arrives in one
 * waits behind (the open loop's tail). A gap between samples counts as the machine's, not a part's. A
 * stretch of one part (a collection) is a cause; a long stretch of ordinary work is a backlog draining,
 * after a stall of the server or of the load generator (whose late requests then come at once).
 */
function busyStretches(profile: CpuProfile, maps: SourceMaps) {
  const partOfNode = samplePartResolver(profile, maps);
  const stretches: Stretch[] = [];
  let current: Stretch | undefined;
  let clock = 0;
  for (const [index, id] of profile.samples.entries()) {
    const ms = sampleMs(profile, index);
    clock += ms;
    if (index === 0) continue;
    const part = ms >= UNSAMPLED_MS ? UNSAMPLED : partOfNode(id);
    if (!part) {
      current = undefined;
      continue;
    }
    if (!current) stretches.push((current = { startMs: clock - ms, ms: 0, parts: new Map() }));
    current.ms += ms;
    current.parts.set(part, (current.parts.get(part) ?? 0) + ms);
  }
  return stretches.sort((a, b) => b.ms - a.ms);
}

function printLongestStretches(profile: CpuProfile, maps: SourceMaps) {
  console.table(
    busyStretches(profile, maps)
      .slice(0, STRETCHES_SHOWN)
      .map(({ startMs, ms, parts }) => ({
        "at s": Number((startMs / 1000).toFixed(2)),
        "busy ms": Number(ms.toFixed(1)),
        "its largest parts, ms": [...parts]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([part, partMs]) => `${part} ${partMs.toFixed(1)}`)
          .join("; "),
      })),
  );
}

function sourceMaps(): SourceMaps {
  return new Map(BUNDLES.map((file) => [file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")) as SourceMapPayload)]));
}

/** 10 connections, each sending its next request when the last is answered: the warm-up, and the load by default. */
async function closedLoop(request: Request, seconds: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORTS[PROFILED]}${request.path}`,
    method: (request.method ?? "GET") as "GET",
    headers: request.headers,
    body: request.body,
    connections: 10,
    duration: seconds,
  });
  return result.requests.total;
}

/** The profiled load: 10 connections as fast as the server answers, or PROFILE_RATE requests a second on a schedule. */
async function load(request: Request) {
  if (!RATE) return { requests: await closedLoop(request, SECONDS) };
  const latencies = await openLoop({ port: PORTS[PROFILED], ...request }, { ratePerSecond: RATE, seconds: SECONDS });
  return { requests: latencies.sent, latencies };
}

/** The profiled server with the inspector on, built (the portal with its source maps for this run). */
function startProfiled() {
  const inspect = `--inspect=127.0.0.1:${INSPECTOR_PORT}`;
  if (PROFILED === "peer") return startPeer(preparePeer(), [inspect]);
  execSync("npx remix vite:build --sourcemapServer && npm run build:server -- --sourcemap && npm run build:pictures", { stdio: "ignore" });
  // PROFILE_NODE_ARGS: Node's options for the portal, to weigh one (a heap setting, say).
  const nodeArgs = process.env.PROFILE_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  return startPortal([...nodeArgs, inspect]);
}

async function main() {
  const simulators = startSimulators();
  const server = startProfiled();
  try {
    await waitForReady(`http://127.0.0.1:${PORTS[PROFILED]}/${PROFILED === "portal" ? "readyz" : ""}`);
    const maps: SourceMaps = PROFILED === "portal" ? sourceMaps() : new Map();
    const inspector = await connectInspector(INSPECTOR_PORT);
    // The portal's page seals the shown recommendation into its form: its POST carries it back, as a browser does.
    const shown = PROFILED === "portal" ? await shownOnRecipientPage() : "";
    for (const route of routes(shown)) {
      await closedLoop(route[PROFILED], WARM_UP_SECONDS);
      const { profile, loaded } = await inspector.cpuProfile(() => load(route[PROFILED]));
      const { requests, latencies } = loaded;
      // PROFILE_DIR keeps each route's profile, for Chrome's DevTools (Performance, "Load profile").
      if (process.env.PROFILE_DIR) {
        mkdirSync(process.env.PROFILE_DIR, { recursive: true });
        writeFileSync(`${process.env.PROFILE_DIR}/${route.name.replaceAll(" ", "-")}.cpuprofile`, JSON.stringify(profile));
      }
      const totals = timeByPart(profile, maps);
      const cpuMs = [...totals.values()].reduce((sum, ms) => sum + ms, 0);
      console.log(`\n${route.name}: ${requests} requests, ${(cpuMs / requests).toFixed(2)} ms of the ${PROFILED}'s CPU per request`);
      if (latencies)
        console.log(
          `at ${RATE}/s, open loop: p50 ${latencies.p50} ms, p90 ${latencies.p90} ms, p99 ${latencies.p99} ms, max ${latencies.max} ms`,
        );
      console.table(
        [...totals]
          .sort((a, b) => b[1] - a[1])
          .map(([part, ms]) => ({
            part,
            "share %": Number(((100 * ms) / cpuMs).toFixed(1)),
            "ms/request": Number((ms / requests).toFixed(3)),
          })),
      );
      if (latencies) printLongestStretches(profile, maps);
    }
    inspector.close();
  } finally {
    server.kill("SIGTERM");
    simulators.kill("SIGTERM");
  }
}

await main();
