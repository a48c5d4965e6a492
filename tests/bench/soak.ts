// `npm run soak`: the recipient journey (data, consent, bank data, confirmation: 7 requests) on
// allianz at a steady rate through nginx to two built portal instances sharing Redis (as operators run
// it), with the simulators in a process of their own and every backend call 20 ms away; beside it,
// friday's data page is asked for on a backend of its own (a hostile neighbour, issue 55). First
// SOAK_QUIET_MINUTES (2, its first half minute a warm-up) with friday's backend well, then SOAK_MINUTES (10) with it sending gzip
// replies that inflate to SOAK_BOMB_MB (400) MB to every call. Reports errors, allianz's latency in
// each phase, each instance's resident memory (sampled every 10 s) and live heap after a full garbage
// collection (every minute, through the inspector; compiled code apart from the objects). With the
// neighbour hostile, allianz's p99 must stay within twice its quiet p99, and each instance's resident
// memory growth from the phase's second minute to its last under 10 %; so must its objects' once the
// caches are full (a run longer than CACHE_LIFETIME_MINUTES + 2). Exit code 1 otherwise, or on any
// error of allianz's journey.
import { execSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { demoTenantsFile } from "../support/demo-tenants-file";
import { startNginx } from "../support/nginx";
import { BUILT_SERVER } from "../support/portal-process";
import { startRedis } from "../support/redis";
import { testSecret } from "../support/test-secret";
import { cookiesOf, httpRequest, type Reply } from "./http";
import { connectInspector } from "./live-heap";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const QUIET_MINUTES = Number(process.env.SOAK_QUIET_MINUTES ?? 2);
const BOMB_MB = Number(process.env.SOAK_BOMB_MB ?? 400);
/** friday's data page, asked for this often beside the journeys. */
const NEIGHBOUR_REQUESTS_PER_SECOND = 2;
const JOURNEYS_PER_SECOND = Number(process.env.SOAK_JOURNEYS_PER_SECOND ?? 4);
/**
 * The longest a cache keeps what one journey leaves (kept replies and submission ids, 10 minutes):
 * until then the live objects grow by design, then they stay level.
 */
const CACHE_LIFETIME_MINUTES = 10;
const PORTS = { nginx: 3310, instances: [3311, 3312], legacy: 4310, cms: 4311, neighbour: 4320, inspectors: [9310, 9311] };
const HOST = `allianz.localhost:${PORTS.nginx}`;
const NEIGHBOUR_HOST = `friday.localhost:${PORTS.nginx}`;
const BACKEND_DELAY_MS = 20;

function residentKb(pid: number) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
}

type Step = { method?: "GET" | "POST"; path: string; form?: Record<string, string>; expect: number; location?: string };

function steps(journey: number): Step[] {
  return [
    { path: "/empfaengerdaten/AZ-100003", expect: 200 },
    {
      method: "POST",
      path: "/empfaengerdaten/AZ-100003",
      form: {
        anrede: "Frau",
        vorname: "Erika",
        name: "Soak",
        geburtsdatum: "07.03.1990",
        email: `soak.${journey}@example.org`,
        telefon: "0301234567",
        strasse: "Lindenstraße",
        hausnummer: "12a",
        plz: "10969",
        ort: "Berlin",
      },
      expect: 302,
      location: "/empfaenger/zustimmung",
    },
    { path: "/empfaenger/zustimmung", expect: 200 },
    { method: "POST", path: "/empfaenger/zustimmung", form: { zustimmung: "yes" }, expect: 302, location: "/bankdaten" },
    { path: "/bankdaten", expect: 200 },
    {
      method: "POST",
      path: "/bankdaten",
      form: { iban: "DE89370400440532013000", kontoinhaber: "Erika Soak" },
      expect: 302,
      location: "/empfaengerbestaetigung",
    },
    { path: "/empfaengerbestaetigung", expect: 200 },
  ];
}

type Phase = "warm-up" | "quiet" | "hostile";
/** The first half minute warms the instances up: its latencies are no yardstick. */
const WARM_UP_MS = 30_000;
let phase: Phase = "warm-up";
const latencies: Record<Phase, number[]> = { "warm-up": [], quiet: [], hostile: [] };
const errors: string[] = [];
/** friday's answers by phase and status: refused, never a crash. */
const neighbourStatuses: Record<Phase, Record<string, number>> = { "warm-up": {}, quiet: {}, hostile: {} };

async function askNeighbour() {
  const asked = phase;
  const reply = await httpRequest(PORTS.nginx, { path: "/empfaengerdaten/FR-100003", headers: { host: NEIGHBOUR_HOST } }).catch(
    (error: Error) => ({ status: error.message }),
  );
  neighbourStatuses[asked][reply.status] = (neighbourStatuses[asked][reply.status] ?? 0) + 1;
}

async function walk(journey: number) {
  const jar = new Map<string, string>();
  for (const step of steps(journey)) {
    const started = performance.now();
    const headers: Record<string, string> = { host: HOST, cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") };
    if (step.form) Object.assign(headers, { origin: `http://${HOST}`, "content-type": "application/x-www-form-urlencoded" });
    let reply: Reply;
    try {
      reply = await httpRequest(PORTS.nginx, {
        method: step.method,
        path: step.path,
        headers,
        body: step.form ? new URLSearchParams(step.form).toString() : undefined,
      });
    } catch (error) {
      errors.push(`${step.path}: ${(error as Error).message}`);
      return;
    }
    latencies[phase].push(performance.now() - started);
    for (const cookie of cookiesOf(reply)) {
      const [name, value] = cookie.split(/=(.*)/s, 2);
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    if (reply.status !== step.expect || (step.location && reply.headers.location !== step.location)) {
      errors.push(`${step.method ?? "GET"} ${step.path}: ${reply.status} ${reply.headers.location ?? ""}`);
      return;
    }
  }
}

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * share)] ?? 0;
const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

type Instance = { pid: number; inspector: Awaited<ReturnType<typeof connectInspector>> };
type Samples = {
  rss: { minute: number; rssKb: number }[];
  heap: { minute: number; mb: { heap: number; objects: number; committed: number; external: number } }[];
};

function startSimulators(legacy: number, cms: number, env: NodeJS.ProcessEnv) {
  return spawn(process.execPath, ["--import", "tsx", "simulators/start.ts"], {
    env: { ...env, SIMULATOR_PORT: String(legacy), CMS_SIMULATOR_PORT: String(cms) },
    stdio: "ignore",
  });
}

const control = (port: number, switches: object) =>
  fetch(`http://127.0.0.1:${port}/__control`, { method: "POST", body: JSON.stringify(switches) });

function startInstance(index: number, redisUrl: string, env: NodeJS.ProcessEnv) {
  return spawn(process.execPath, [`--inspect=127.0.0.1:${PORTS.inspectors[index]}`, ...BUILT_SERVER], {
    env: {
      ...env,
      PORT: String(PORTS.instances[index]),
      LEGACY_API_URL: `http://127.0.0.1:${PORTS.legacy}`,
      CMS_URL: `http://127.0.0.1:${PORTS.cms}`,
      TENANTS_FILE: demoTenantsFile(PORTS.instances[index], `soak-${index}`, "standard", { friday: `http://127.0.0.1:${PORTS.neighbour}` }),
      SESSION_SECRET: testSecret("soak"),
      REDIS_URL: redisUrl,
      TRUST_PROXY: "1",
    },
    stdio: "ignore",
  });
}

async function waitFor(port: number, path: string) {
  for (let attempt = 0; attempt < 150 && (await httpRequest(port, { path }).catch(() => null))?.status !== 200; attempt++) await sleep(200);
}

/** Each instance's figures: resident growth from minute 2 to the last, live heap growth, objects' growth once the caches are full. */
function report(samples: Samples) {
  const heapGrowth = (part: "heap" | "objects", from = samples.heap[0]) => (samples.heap.at(-1)!.mb[part] / from.mb[part] - 1) * 100;
  const cachesFull = samples.heap.find((sample) => sample.minute >= CACHE_LIFETIME_MINUTES + 1);
  const objectsGrowthOnceFull = cachesFull && cachesFull !== samples.heap.at(-1) ? heapGrowth("objects", cachesFull) : null;
  const first = samples.rss
    .filter((sample) => sample.minute >= QUIET_MINUTES + 1 && sample.minute < QUIET_MINUTES + 2)
    .map((sample) => sample.rssKb);
  const last = samples.rss.filter((sample) => sample.minute >= QUIET_MINUTES + MINUTES - 1).map((sample) => sample.rssKb);
  const growth = (average(last) / average(first) - 1) * 100;
  return {
    ok: growth < 10 && (objectsGrowthOnceFull === null || objectsGrowthOnceFull < 10),
    figures: {
      "RSS MB, the hostile phase's minute 2": Math.round(average(first) / 1024),
      "RSS MB, last minute": Math.round(average(last) / 1024),
      "growth %": Number(growth.toFixed(1)),
      samples: samples.rss.map((sample) => Math.round(sample.rssKb / 1024)),
      "live heap MB after a full GC, each minute from minute 1": samples.heap.map((sample) => Number(sample.mb.heap.toFixed(1))),
      "of which objects (no compiled code)": samples.heap.map((sample) => Number(sample.mb.objects.toFixed(1))),
      "heap V8 keeps committed, MB, each minute": samples.heap.map((sample) => Math.round(sample.mb.committed)),
      "outside the heap (Buffers), MB, each minute": samples.heap.map((sample) => Math.round(sample.mb.external)),
      "live heap growth %": Number(heapGrowth("heap").toFixed(1)),
      "objects growth %": Number(heapGrowth("objects").toFixed(1)),
      [`objects growth % from minute ${CACHE_LIFETIME_MINUTES + 1} (the caches full)`]:
        objectsGrowthOnceFull === null ? "run longer to see" : Number(objectsGrowthOnceFull.toFixed(1)),
    },
  };
}

async function main() {
  if (!process.env.SOAK_SKIP_BUILD) execSync("npm run build", { stdio: "ignore" });
  const env = {
    ...process.env,
    NODE_ENV: "production" as const,
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "10000",
    LINK_LOOKUPS_PER_10_MINUTES: "100000",
    FAILED_TOKENS_PER_10_MINUTES: "10000",
  };
  const redis = await startRedis();
  const simulators = startSimulators(PORTS.legacy, PORTS.cms, env);
  const neighbour = startSimulators(PORTS.neighbour, 0, env);
  const portals = PORTS.instances.map((_port, index) => startInstance(index, redis.url, env));
  const nginx = await startNginx(PORTS.nginx, PORTS.instances);
  try {
    await waitFor(PORTS.legacy, "/__demo");
    await waitFor(PORTS.neighbour, "/__demo");
    await control(PORTS.legacy, { delayMs: BACKEND_DELAY_MS });
    for (const port of PORTS.instances) await waitFor(port, "/readyz");
    await waitFor(PORTS.nginx, "/healthz");
    const instances: Instance[] = await Promise.all(
      portals.map(async (portal, index) => ({ pid: portal.pid!, inspector: await connectInspector(PORTS.inspectors[index]) })),
    );
    const samples: Samples[] = instances.map(() => ({ rss: [], heap: [] }));
    const sampleHeaps = async (minute: number) => {
      for (const [index, instance] of instances.entries()) samples[index].heap.push({ minute, mb: await instance.inspector.liveHeapMb() });
    };
    const started = Date.now();
    let nextHeapSample = started + 60_000;
    const inFlight = new Set<Promise<void>>();
    let journey = 0;
    let nextSample = started;
    let neighbourAsked = 0;
    while (Date.now() - started < (QUIET_MINUTES + MINUTES) * 60_000) {
      if (phase === "warm-up" && Date.now() - started >= WARM_UP_MS) phase = "quiet";
      if (phase === "quiet" && Date.now() - started >= QUIET_MINUTES * 60_000) {
        await control(PORTS.neighbour, { fault: { kind: "inflating", path: "/api/v1/", mb: BOMB_MB } });
        phase = "hostile";
      }
      const walking = walk(journey++).finally(() => inFlight.delete(walking));
      inFlight.add(walking);
      for (; neighbourAsked < ((Date.now() - started) / 1000) * NEIGHBOUR_REQUESTS_PER_SECOND; neighbourAsked++) {
        const asking = askNeighbour().finally(() => inFlight.delete(asking));
        inFlight.add(asking);
      }
      const minute = (Date.now() - started) / 60_000;
      if (Date.now() >= nextSample) {
        for (const [index, instance] of instances.entries()) samples[index].rss.push({ minute, rssKb: residentKb(instance.pid) });
        nextSample += 10_000;
      }
      if (Date.now() >= nextHeapSample) {
        await sampleHeaps(minute);
        nextHeapSample += 60_000;
      }
      await sleep(1000 / JOURNEYS_PER_SECOND);
    }
    await Promise.all(inFlight);
    await sampleHeaps(QUIET_MINUTES + MINUTES);
    for (const instance of instances) instance.inspector.close();
    const reports = samples.map(report);
    const p99 = (of: Phase) => Math.round(percentile(latencies[of], 0.99));
    const withinTwice = p99("hostile") <= 2 * p99("quiet");
    console.log(
      JSON.stringify(
        {
          minutes: { quiet: QUIET_MINUTES, "friday's backend sending gzip bombs": MINUTES },
          "bomb MB": BOMB_MB,
          "backend delay ms": BACKEND_DELAY_MS,
          journeys: journey,
          requests: { "warm-up": latencies["warm-up"].length, quiet: latencies.quiet.length, hostile: latencies.hostile.length },
          errors: errors.length,
          firstErrors: errors.slice(0, 5),
          "allianz p50 ms": {
            quiet: Math.round(percentile(latencies.quiet, 0.5)),
            hostile: Math.round(percentile(latencies.hostile, 0.5)),
          },
          "allianz p99 ms": { quiet: p99("quiet"), hostile: p99("hostile"), "within twice the quiet": withinTwice },
          "friday's data page, by status": neighbourStatuses,
          instances: reports.map((item) => item.figures),
        },
        null,
        2,
      ),
    );
    if (errors.length > 0 || !withinTwice || reports.some((item) => !item.ok)) process.exitCode = 1;
  } finally {
    await nginx.stop();
    for (const portal of portals) portal.kill("SIGTERM");
    simulators.kill("SIGTERM");
    neighbour.kill("SIGTERM");
    await redis.stop();
  }
}

await main();
