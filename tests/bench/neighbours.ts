// One tenant's backend as a bad neighbour (issue 35), measured: telekom on backend A and friday on
// backend B (two simulator processes, TENANTS_FILE), the portal built for production. For each state of
// B (healthy, sending padded codes, trickling every reply over 10 s, down) friday's pages are loaded
// without pause on 10 connections while telekom's home page is measured on 5, then /readyz is asked.
// Last, a portal started while B is down: friday's 503 page and telekom's latency beside it.
//
//   node --import tsx tests/bench/neighbours.ts      (BENCH_SECONDS=10 per state)
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { demoTenantHosts } from "../../simulators/demo-tenants";
import { startPortal, startSimulatorProcess, stopProcess, waitForReady } from "../support/portal-process";
import { freePort } from "../support/redis";
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

async function startTwoTenantPortal() {
  const portal = startPortal(
    { port: portalPort, simulatorPort: 0 },
    {
      SESSION_SECRET: "neighbours-bench-secret-0123456789-0123456789",
      TENANTS_FILE: tenantsFile(),
      LEGACY_API_URL: `http://127.0.0.1:${backendA.legacyPort}`,
      CMS_URL: `http://127.0.0.1:${backendA.cmsPort}`,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "10000",
    },
  );
  await waitForReady({ port: portalPort });
  return portal;
}

const load = (host: string, path: string, connections: number) =>
  autocannon({ url: `http://127.0.0.1:${portalPort}${path}`, headers: { host }, connections, duration: SECONDS });

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
  console.log(
    [
      state.padEnd(34),
      `telekom ${Math.round(telekom.requests.average)}/s p50 ${telekom.latency.p50} p99 ${telekom.latency.p99} ms [${statuses(telekom)}]`,
      `friday [${statuses(friday)}${friday.timeouts ? ` timeouts×${friday.timeouts}` : ""}] then ${fridayPage.status}${says ? ` "${says}"` : ""}`,
      `readyz ${readyz.status} ${JSON.stringify((JSON.parse(readyz.body.toString()) as { tenants: object }).tenants)}`,
      `portal ${child.exitCode === null ? "running" : `exited ${child.exitCode}`}`,
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
  await control(backendB.legacyPort, { dripMs: 0 });
  await stopProcess(backendB.child);
  await measure("B down (after it was read)", portal.child);
  await stopProcess(portal.child);
  portal = await startTwoTenantPortal();
  const friday = await httpRequest(portalPort, { path: "/", headers: { host: `friday.localhost:${portalPort}` } });
  console.log(`a portal started with B down: friday's home ${friday.status}, Retry-After ${String(friday.headers["retry-after"])}`);
  await sleep(500);
  await measure("B down (never read)", portal.child);
} finally {
  await Promise.all([stopProcess(portal.child), stopProcess(backendA.child), stopProcess(backendB.child)]);
}
