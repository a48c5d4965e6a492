// One tenant's backend as a bad neighbour (issues 35 and 55), measured: telekom on backend A and friday
// on backend B (two simulator processes, TENANTS_FILE), the portal built for production. For each state
// of B (healthy, sending padded codes, trickling every reply over 10 s, sending gzip replies that inflate
// to 400 MB, down) friday's pages are loaded without pause on 10 connections while telekom's home page
// is measured on 5, then /readyz is asked; each line gives telekom's p99 against its p99 beside a
// healthy B, and the portal's resident memory. Then portals started while B trickles and while it is
// down: how long their first /readyz took, friday's 503 page, telekom's latency beside it. Part of
// `npm run bench` (NEIGHBOURS=0 leaves it out).
//
//   node --import tsx tests/bench/neighbours.ts      (BENCH_SECONDS=10 per state)
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { demoTenantHosts } from "../../simulators/demo-tenants";
import { residentMegabytes, startPortal, startSimulatorProcess, stopProcess, waitForReady } from "../support/portal-process";
import { freePort } from "../support/redis";
import { testSecret } from "../support/test-secret";
import { httpRequest } from "./http";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const [portalPort] = [await freePort()];
const [backendA, backendB] = [await startSimulatorProcess(portalPort), await startSimulatorProcess(portalPort)];
const control = (port: number, switches: object) =>
  fetch(`http://127.0.0.1:${port}/__control`, { method: "POST", body: JSON.stringify(switches) });

function tenantsFile() {
  const hosts = demoTenantHosts(portalPort, "telekom");
  const file = join(tmpdir(), `tenants-neighbours-${process.pid}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      "telekom.localhost": { ...hosts["telekom.localhost"], backendUrl: `http://127.0.0.1:${backendA.legacyPort}` },
      "friday.localhost": { ...hosts["friday.localhost"], backendUrl: `http://127.0.0.1:${backendB.legacyPort}` },
    }),
  );
  return file;
}

/** A portal started anew; `firstReadyzMs`: how long its first /readyz took, asked the moment it listens. */
async function startTwoTenantPortal() {
  const portal = startPortal(
    { port: portalPort, simulatorPort: 0 },
    {
      SESSION_SECRET: testSecret("neighbours-bench"),
      TENANTS_FILE: tenantsFile(),
      LEGACY_API_URL: `http://127.0.0.1:${backendA.legacyPort}`,
      CMS_URL: `http://127.0.0.1:${backendA.cmsPort}`,
      LOG_LEVEL: "info",
      RATE_LIMIT_PER_MINUTE: "10000",
      LINK_LOOKUPS_PER_10_MINUTES: "100000",
      FAILED_TOKENS_PER_10_MINUTES: "10000",
    },
  );
  while (!portal.output().includes("portal listening")) await sleep(20);
  const asked = performance.now();
  await httpRequest(portalPort, { path: "/readyz" });
  const firstReadyzMs = Math.round(performance.now() - asked);
  await waitForReady({ port: portalPort });
  return { ...portal, firstReadyzMs };
}

const load = (host: string, path: string, connections: number) =>
  autocannon({ url: `http://127.0.0.1:${portalPort}${path}`, headers: { host }, connections, duration: SECONDS });

/** telekom's p99 beside a healthy B, the yardstick of every other state. */
let quietP99: number | undefined;
let failed = false;

/** telekom's home page measured while friday's pages are asked for without pause. */
async function measure(state: string, child: ChildProcess) {
  const [telekom, friday] = await Promise.all([
    load(`telekom.localhost:${portalPort}`, "/", 5),
    load(`friday.localhost:${portalPort}`, "/empfaengerdaten/FR-100003", 10),
  ]);
  const readyz = await httpRequest(portalPort, { path: "/readyz" });
  const fridayPage = await httpRequest(portalPort, {
    path: "/empfaengerdaten/FR-100003",
    headers: { host: `friday.localhost:${portalPort}` },
  });
  const says = /role="alert"[^>]*>([^<]*)/.exec(fridayPage.body.toString())?.[1] ?? "";
  const statuses = (result: Awaited<ReturnType<typeof autocannon>>) =>
    Object.entries(result.statusCodeStats ?? {})
      .map(([status, stats]) => `${status}×${(stats as { count: number }).count}`)
      .join(" ");
  quietP99 ??= telekom.latency.p99;
  const withinTwice = telekom.latency.p99 <= 2 * quietP99;
  if (telekom.non2xx > 0 || child.exitCode !== null) failed = true;
  console.log(
    [
      state.padEnd(34),
      `telekom ${Math.round(telekom.requests.average)}/s p50 ${telekom.latency.p50} p99 ${telekom.latency.p99} ms (${(telekom.latency.p99 / quietP99).toFixed(2)}× quiet${withinTwice ? "" : ", OVER TWICE"}) [${statuses(telekom)}]`,
      `friday [${statuses(friday)}${friday.timeouts ? ` timeouts×${friday.timeouts}` : ""}] then ${fridayPage.status}${says ? ` "${says}"` : ""}`,
      `readyz ${readyz.status} ${JSON.stringify((JSON.parse(readyz.body.toString()) as { tenants: object }).tenants)}`,
      `portal ${child.exitCode === null ? `running, ${Math.round(residentMegabytes(child.pid))} MB resident` : `exited ${child.exitCode}`}`,
    ].join("  "),
  );
}

let portal = await startTwoTenantPortal();
try {
  await load(`telekom.localhost:${portalPort}`, "/", 5); // warm-up
  await measure("B healthy", portal.child);
  await control(backendB.legacyPort, { dialect: ["dotnet", "padded", "minValueDates"] });
  await measure("B padded codes, MinValue dates", portal.child);
  await control(backendB.legacyPort, { dialect: null, dripMs: 10_000 });
  await measure("B trickles each reply over 10 s", portal.child);
  await control(backendB.legacyPort, { dripMs: 0, fault: { kind: "inflating", path: "/api/v1/", mb: 400 } });
  await measure("B's gzip replies inflate to 400 MB", portal.child);
  await control(backendB.legacyPort, { fault: null, dripMs: 10_000 });
  await stopProcess(portal.child);
  portal = await startTwoTenantPortal();
  console.log(`a portal started while B trickles: its first /readyz answered in ${portal.firstReadyzMs} ms`);
  await control(backendB.legacyPort, { dripMs: 0 });
  await stopProcess(backendB.child);
  await measure("B down (after it was read)", portal.child);
  await stopProcess(portal.child);
  portal = await startTwoTenantPortal();
  const friday = await httpRequest(portalPort, { path: "/", headers: { host: `friday.localhost:${portalPort}` } });
  console.log(
    `a portal started with B down: its first /readyz answered in ${portal.firstReadyzMs} ms; friday's home ${friday.status}, Retry-After ${String(friday.headers["retry-after"])}`,
  );
  await sleep(500);
  await measure("B down (never read)", portal.child);
} finally {
  await Promise.all([stopProcess(portal.child), stopProcess(backendA.child), stopProcess(backendB.child)]);
}
if (failed) process.exitCode = 1;
