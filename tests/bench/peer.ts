// The bench's peer (tests/bench/peer): the portal's job written the usual Remix 2 way, built in a
// directory of its own; `npm run bench` measures it beside the portal, `npm run bench:profile` can profile it.
import { execSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PORTS, startServer } from "./servers";

const PEER_DEPENDENCIES = [
  "@conform-to/react",
  "@conform-to/zod",
  "@remix-run/express",
  "@remix-run/node",
  "@remix-run/react",
  "compression",
  "express",
  "i18next",
  "isbot",
  "react",
  "react-dom",
  "react-i18next",
  "remix-i18next",
  "zod",
];

/** The peer's own modules for the benchmarked pages; every other route file of the portal gets a stub. */
const PEER_OWN_ROUTES = new Set(["_index.tsx", "empfaengerdaten.$empfehlungsnummer.tsx"]);
const ROUTE_STUB = "export default function Stub() {\n  return null;\n}\n";

/**
 * The peer, built, in a directory of its own with a stock install of its dependencies (the versions
 * of this repository's lock file): the portal's patches to Remix's route handling (patches/) must
 * not speed up the peer too. It gets the portal's route tree (a stub for each route file it does
 * not write itself) and the portal's texts.
 */
export function preparePeer() {
  const dir = mkdtempSync(join(tmpdir(), "bench-peer-"));
  cpSync("tests/bench/peer", dir, { recursive: true, filter: (source) => !/\/(build|public\/build)$/.test(source) });
  // A folder route (its route.tsx with its server code beside it) is one route like a file: one stub.
  for (const entry of readdirSync("app/routes", { withFileTypes: true })) {
    const file = entry.isDirectory() ? `${entry.name}.tsx` : entry.name;
    if (!file.includes(".test.") && !PEER_OWN_ROUTES.has(file))
      writeFileSync(join(dir, "app/routes", file.replace(/\.tsx?$/, ".tsx")), ROUTE_STUB);
  }
  cpSync("app/i18n/locales", join(dir, "app/locales"), { recursive: true });
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, { version: string }> };
  const dependencies = Object.fromEntries(PEER_DEPENDENCIES.map((name) => [name, lock.packages[`node_modules/${name}`].version]));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "bench-peer", private: true, type: "module", dependencies }));
  execSync("npm install --omit=dev --prefer-offline --no-audit --no-fund --ignore-scripts", { stdio: "ignore", cwd: dir });
  // Remix's classic compiler from this repository, resolving the app's imports in the peer's own install.
  execSync(`node ${join(process.cwd(), "node_modules/@remix-run/dev/dist/cli.js")} build`, { stdio: "inherit", cwd: dir });
  return dir;
}

/** The peer, built by preparePeer, on the simulators; `nodeArgs` go before its server (--inspect, say). */
export function startPeer(dir: string, nodeArgs: string[] = []) {
  return startServer([...nodeArgs, "server.js"], PORTS.peer, dir, { LEGACY_API_URL: `http://127.0.0.1:${PORTS.legacy}` });
}
