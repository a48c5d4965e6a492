// The pictures the portal draws (issue 65), measured: the story picture's cost cold (each drawn for
// the first time) and kept (asked again), in the portal's CPU per picture (its threads included, from
// /proc) and its wall time; then telekom's /faq p99 while 20 clients fetch friday's story picture
// without pause, against its p99 alone (target: at most twice), and the same while 20 clients each ask
// a picture not drawn yet. The backend is a simulator process of its own, so that its CPU is not the
// portal's. Part of `npm run bench` (PICTURES=0 leaves it out).
//
//   node --import tsx tests/bench/pictures.ts      (BENCH_SECONDS=10 per load)
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { demoTenantHosts } from "../../simulators/demo-tenants";
import { startPortal, startSimulatorProcess, stopProcess, waitForReady } from "../support/portal-process";
import { freePort } from "../support/redis";
import { testSecret } from "../support/test-secret";
import { httpRequest } from "./http";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 20;
const CODES = { telekom: "TK", allianz: "AZ", standard: "ST", friday: "FR" } as const;
const TICKS_PER_SECOND = 100;

const portalPort = await freePort();
const backend = await startSimulatorProcess(portalPort);

function tenantsFile() {
  const hosts = demoTenantHosts(portalPort, "telekom");
  const file = join(tmpdir(), `tenants-pictures-${process.pid}.json`);
  const onBackend = Object.entries(hosts).map(([host, entry]) => [
    host,
    { ...entry, backendUrl: `http://127.0.0.1:${backend.legacyPort}` },
  ]);
  writeFileSync(file, JSON.stringify(Object.fromEntries(onBackend)));
  return file;
}

async function startPicturePortal() {
  const portal = startPortal(
    { port: portalPort, simulatorPort: 0 },
    {
      SESSION_SECRET: testSecret("pictures-bench"),
      TENANTS_FILE: tenantsFile(),
      LEGACY_API_URL: `http://127.0.0.1:${backend.legacyPort}`,
      CMS_URL: `http://127.0.0.1:${backend.cmsPort}`,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "10000",
      LINK_LOOKUPS_PER_10_MINUTES: "100000",
      FAILED_TOKENS_PER_10_MINUTES: "10000",
    },
  );
  await waitForReady({ port: portalPort });
  return portal;
}

/** The process's CPU so far (every thread), in ms. */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Every story picture the demo can draw: each tenant's five recommendations, in German and English. */
const storyPictures = Object.entries(CODES).flatMap(([tenant, code]) =>
  [1, 2, 3, 4, 5].flatMap((index) =>
    ["de", "en"].map((lng) => ({
      host: `${tenant}.localhost:${portalPort}`,
      path: `/empfehlung/${code}-10000${index}/story.png?lng=${lng}`,
    })),
  ),
);

const fetchPicture = ({ host, path }: (typeof storyPictures)[number]) => httpRequest(portalPort, { path, headers: { host } });
const load = (host: string, path: string | string[], connections: number) =>
  autocannon({
    url: `http://127.0.0.1:${portalPort}`,
    headers: { host },
    connections,
    duration: SECONDS,
    requests: (Array.isArray(path) ? path : [path]).map((one) => ({ method: "GET", path: one })),
  });

let portal = await startPicturePortal();
try {
  const pid = portal.child.pid!;
  // Cold: each picture drawn for the first time, one after another.
  const coldCpu = cpuMs(pid);
  const coldStarted = performance.now();
  let drawn = 0;
  for (const picture of storyPictures) if ((await fetchPicture(picture)).status === 200) drawn++;
  const coldMs = (performance.now() - coldStarted) / storyPictures.length;
  console.log(
    `story picture, cold: ${drawn} of ${storyPictures.length} drawn, ${((cpuMs(pid) - coldCpu) / storyPictures.length).toFixed(1)} ms CPU and ${coldMs.toFixed(0)} ms each`,
  );
  // Kept: the same picture asked again on 10 connections.
  const keptCpu = cpuMs(pid);
  const kept = await load(`friday.localhost:${portalPort}`, "/empfehlung/FR-100003/story.png", 10);
  const keptPerRequest = (cpuMs(pid) - keptCpu) / kept.requests.total;
  console.log(
    `story picture, kept: ${keptPerRequest.toFixed(2)} ms CPU a request (target under 2 ms${keptPerRequest < 2 ? "" : ": MISSED"}), ${Math.round(kept.requests.average)}/s, p99 ${kept.latency.p99} ms, non-2xx ${kept.non2xx}`,
  );

  const faq = (connections = 5) => load(`telekom.localhost:${portalPort}`, "/faq", connections);
  await faq(); // warm-up
  const quiet = await faq();
  console.log(`telekom /faq alone: p99 ${quiet.latency.p99} ms, ${Math.round(quiet.requests.average)}/s`);
  const [beside, pictures] = await Promise.all([faq(), load(`friday.localhost:${portalPort}`, "/empfehlung/FR-100003/story.png", CLIENTS)]);
  const ratio = beside.latency.p99 / quiet.latency.p99;
  console.log(
    `telekom /faq while ${CLIENTS} clients fetch friday's story picture: p99 ${beside.latency.p99} ms (${ratio.toFixed(2)}× alone; target at most 2${ratio <= 2 ? "" : ": MISSED"}); pictures ${Math.round(pictures.requests.average)}/s, non-2xx ${pictures.non2xx}`,
  );

  // Cold under load: a new portal, 20 clients asking pictures none has drawn yet.
  await stopProcess(portal.child);
  portal = await startPicturePortal();
  await faq();
  const quietAgain = await faq();
  const fridayPaths = storyPictures.filter(({ host }) => host.startsWith("friday.")).map(({ path }) => path);
  const [besideCold, coldPictures] = await Promise.all([faq(), load(`friday.localhost:${portalPort}`, fridayPaths, CLIENTS)]);
  const statuses = Object.entries(coldPictures.statusCodeStats ?? {})
    .map(([status, stats]) => `${status}×${(stats as { count: number }).count}`)
    .join(" ");
  console.log(
    `telekom /faq while ${CLIENTS} clients ask friday's pictures not drawn yet: p99 ${besideCold.latency.p99} ms (${(besideCold.latency.p99 / quietAgain.latency.p99).toFixed(2)}× alone, ${quietAgain.latency.p99} ms); pictures [${statuses}]`,
  );
} finally {
  await Promise.all([stopProcess(portal.child), stopProcess(backend.child)]);
}
