// nginx (Debian's package) as the operators' recipe runs it: the recipe's block is read from docs/operations.md
// itself, so what operators copy is what the tests run. `nginxCheckOfTheRecipe` runs `nginx -t` on the
// block as written (with a throw-away certificate where it names one); `startNginx` puts the recipe's
// `location /` in front of test instances on free loopback ports, waits until this very nginx answers
// (a marker header of its own), and stops it cleanly, leaving no process behind.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { throwAwayCertificate } from "./certificates";
import { timedSetup } from "./setup-timing";

export const NGINX = "/usr/sbin/nginx";
/** Where the recipe keeps its certificate; the check puts a throw-away one in its place. */
const RECIPE_TLS_DIR = "/etc/portal/tls/";

/** The recipe's nginx block (docs/operations.md), exactly as written there. */
export function readmeNginxRecipe() {
  const block = /```nginx\n([\s\S]*?)```/.exec(readFileSync("docs/operations.md", "utf8"))?.[1];
  if (!block) throw new Error("docs/operations.md has no ```nginx block");
  return block;
}

/** The recipe's `location / { … }`: what nginx sends on to the portal. */
function recipeLocation() {
  const location = /^ {2}location \/ \{[\s\S]*?^ {2}\}/m.exec(readmeNginxRecipe())?.[0];
  if (!location) throw new Error("the recipe's nginx block has no `location /`");
  return location;
}

/** The recipe's `upstream portal { … }` with its servers on `upstreams`, each with the parameters the recipe gives its servers. */
function recipeUpstream(upstreams: number[]) {
  const block = /^upstream portal \{[\s\S]*?^\}/m.exec(readmeNginxRecipe())?.[0];
  const parameters = block && /^ {2}server \S+(.*);$/m.exec(block)?.[1];
  if (!block || parameters === undefined || parameters === null)
    throw new Error("the recipe's nginx block has no `upstream portal` with servers");
  const servers = upstreams.map((upstream) => `  server 127.0.0.1:${upstream}${parameters};`).join("\n");
  return block.replace(/(^ {2}server .*;\n)+/m, `${servers}\n`);
}

/** The recipe's access log format (its `map` and `log_format`), for the tests' nginx as for an operator's. */
function recipeLogFormat() {
  const recipe = readmeNginxRecipe();
  const map = /^map \$uri \$portal_logged_path \{[\s\S]*?^\}/m.exec(recipe)?.[0];
  const format = /^log_format portal .*;$/m.exec(recipe)?.[0];
  if (!map || !format) throw new Error("the recipe's nginx block has no portal log format");
  return `${map}\n${format}`;
}

/** The main context every nginx of the tests needs: its pid, logs (in the recipe's format) and temporary files in `dir`. */
function mainContext(dir: string, http: string) {
  return `
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
${http.includes("log_format portal") ? "" : recipeLogFormat()}
  access_log ${dir}/access.log${http.includes("log_format portal") ? "" : " portal"};
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`;
}

/** `nginx -t` on the recipe's block as written, a throw-away certificate standing in for the operator's. */
export function nginxCheckOfTheRecipe() {
  const dir = mkdtempSync(join(tmpdir(), "nginx-recipe-"));
  throwAwayCertificate("portal.test", { keyFile: join(dir, "privkey.pem"), certFile: join(dir, "fullchain.pem") });
  const file = join(dir, "nginx.conf");
  writeFileSync(file, mainContext(dir, readmeNginxRecipe().replaceAll(RECIPE_TLS_DIR, `${dir}/`)));
  const result = spawnSync(NGINX, ["-t", "-c", file, "-p", dir, "-e", join(dir, "error.log")], { encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * `cache`: a shared cache in front, as an operator might add one, with nginx's default key (the upstream
 * and the URI, not the host) and a day for every 200 that does not forbid it.
 */
function configuration(dir: string, port: number, upstreams: number[], marker: string, { cache = false } = {}) {
  const caching = cache
    ? `    proxy_cache tests;\n    proxy_cache_valid 200 1d;\n    add_header X-Cache $upstream_cache_status always;\n`
    : "";
  return mainContext(
    dir,
    `${cache ? `  proxy_cache_path ${dir}/cache keys_zone=tests:1m;\n` : ""}${recipeUpstream(upstreams)}
  server {
    listen 127.0.0.1:${port};
    add_header X-Test-Nginx ${marker} always;
${caching}${recipeLocation()}
  }`,
  );
}

export type RunningNginx = { dir: string; child: ChildProcess; stop(): Promise<void> };

/** Round robin over `upstreams` through the recipe's location, on `port`; resolves once this nginx answers there. */
export function startNginx(port: number, upstreams: number[], options: { cache?: boolean } = {}): Promise<RunningNginx> {
  return timedSetup("nginx", () => nginxServer(port, upstreams, options));
}

async function nginxServer(port: number, upstreams: number[], options: { cache?: boolean }): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), "nginx-"));
  const marker = randomBytes(8).toString("hex");
  const file = join(dir, "nginx.conf");
  writeFileSync(file, configuration(dir, port, upstreams, marker, options));
  const child = spawn(NGINX, ["-c", file, "-p", dir, "-e", join(dir, "error.log")], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGQUIT: the master lets its workers finish and takes them with it (SIGKILL would leave a worker listening).
      child.kill("SIGQUIT");
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    }
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) break;
    const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
    // Any answer from this nginx counts (the instances may not be up yet); another server's does not.
    if (answer?.headers.get("x-test-nginx") === marker) return { dir, child, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(`nginx did not start on port ${port}: ${readFileSync(join(dir, "error.log"), "utf8").slice(-500)}`);
}
