// `npm run bench`: in one run on this machine, with autocannon at 10 connections,
// - the built portal on its embedded simulators,
// - the peer: a minimal Remix 2 page with the standard remix-i18next recipe (tests/bench/peer),
// - the ceiling: a bare node:http server returning the portal's own HTML bytes.
import { spawn, execSync } from "node:child_process";
import { createServer } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";

const PORTAL_PORT = 3300;
const BARE_PORT = 3301;
const PEER_PORT = 3302;
const PEER_DIR = "tests/bench/peer";
const CONNECTIONS = 10;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGES = [{ name: "home (telekom)", host: "telekom.localhost", path: "/" }];

type Row = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function waitForReady(url: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not become ready`);
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

function startServer(args: string[], port: number, cwd = ".") {
  return spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), LOG_LEVEL: "info" },
    stdio: "ignore",
  });
}

async function main() {
  execSync("npx remix build", { stdio: "ignore" });
  execSync("npx remix build", { stdio: "ignore", cwd: PEER_DIR });
  const portal = startServer(["--import", "tsx", "server/index.ts"], PORTAL_PORT);
  const peer = startServer(["server.js"], PEER_PORT, PEER_DIR);
  try {
    await waitForReady(`http://127.0.0.1:${PORTAL_PORT}/readyz`);
    await waitForReady(`http://127.0.0.1:${PEER_PORT}/`);
    const rows: Row[] = [await measure("peer: minimal Remix page, standard remix-i18next", `http://127.0.0.1:${PEER_PORT}/`)];
    for (const page of PAGES) {
      const url = `http://127.0.0.1:${PORTAL_PORT}${page.path}`;
      const html = Buffer.from(await (await fetch(url, { headers: { host: page.host } })).arrayBuffer());
      const bare = createServer((_req, res) => {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": html.length }).end(html);
      }).listen(BARE_PORT, "127.0.0.1");
      rows.push(await measure(`portal: ${page.name}`, url, { host: page.host }));
      rows.push(await measure(`bare node:http, same ${html.length} bytes`, `http://127.0.0.1:${BARE_PORT}/`));
      bare.close();
    }
    console.log(`\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each, Node ${process.version}, ${new Date().toISOString()}\n`);
    console.table(rows);
    const [peerRow, portalRow, bareRow] = rows;
    console.log(`portal / peer: ${(portalRow.rps / peerRow.rps).toFixed(2)}   portal / bare: ${(portalRow.rps / bareRow.rps).toFixed(3)}`);
    if (rows.some((row) => row.errors > 0 || row.non2xx > 0)) process.exitCode = 1;
  } finally {
    portal.kill("SIGTERM");
    peer.kill("SIGTERM");
  }
}

await main();
