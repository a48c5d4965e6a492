// A redis-server of the test's own (Debian's package; .ci/run installs it) on a free loopback
// port, with nothing saved to disk, or with the README's append-only file in a directory of its own;
// it can be stopped and started again on the same port.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { timedSetup } from "./setup-timing";

export const REDIS_SERVER = "/usr/bin/redis-server";

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function acceptsConnections(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/** How the operators' recipe (docs/operations.md) keeps Redis's state across its restarts. */
const APPEND_ONLY = ["--appendonly", "yes", "--appendfsync", "always"];
const NOTHING_SAVED = ["--appendonly", "no"];

type RedisOptions = { port?: number; appendOnly?: boolean; replicaOf?: number };

export function startRedis(options: RedisOptions = {}) {
  return timedSetup("redis", () => redisServer(options));
}

async function redisServer({ port, appendOnly = false, replicaOf }: RedisOptions = {}) {
  const chosen = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "redis-"));
  const persistence = [
    ...(appendOnly ? APPEND_ONLY : NOTHING_SAVED),
    ...(replicaOf ? ["--replicaof", "127.0.0.1", String(replicaOf)] : []),
  ];
  let child: ChildProcess | null = null;
  const redis = {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    async start() {
      child = spawn(REDIS_SERVER, ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", ...persistence, "--dir", dir], {
        stdio: "ignore",
      });
      for (let attempt = 0; attempt < 100 && !(await acceptsConnections(chosen)); attempt++) await sleep(50);
    },
    async stop() {
      // Gone already (stopped, or killed by a test): nothing to wait for.
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
  await redis.start();
  return redis;
}
export type TestRedis = Awaited<ReturnType<typeof redisServer>>;

/**
 * A primary, its replica and three Sentinels watching them under `name` (quorum 2, down after 1 s), as
 * docs/operations.md's Sentinel recipe runs them; each Sentinel writes its own conf in a directory of its own.
 */
export function startSentinelGroup(name = "portal") {
  return timedSetup("sentinels", () => sentinelGroup(name));
}

async function sentinelGroup(name: string) {
  const primary = await redisServer();
  const replica = await redisServer({ replicaOf: primary.port });
  const sentinels: { host: string; port: number; child: ChildProcess }[] = [];
  for (let index = 0; index < 3; index++) {
    const port = await freePort();
    const conf = join(mkdtempSync(join(tmpdir(), "sentinel-")), "sentinel.conf");
    writeFileSync(
      conf,
      [
        `port ${port}`,
        "bind 127.0.0.1",
        `sentinel monitor ${name} 127.0.0.1 ${primary.port} 2`,
        `sentinel down-after-milliseconds ${name} 1000`,
        `sentinel failover-timeout ${name} 5000`,
        `sentinel parallel-syncs ${name} 1`,
      ].join("\n"),
    );
    const child = spawn(REDIS_SERVER, [conf, "--sentinel"], { stdio: "ignore" });
    for (let attempt = 0; attempt < 100 && !(await acceptsConnections(port)); attempt++) await sleep(50);
    sentinels.push({ host: "127.0.0.1", port, child });
  }
  return {
    name,
    primary,
    replica,
    /** `REDIS_SENTINELS` for the portal. */
    addresses: sentinels.map(({ host, port }) => `${host}:${port}`).join(","),
    async stop() {
      await Promise.all([primary.stop(), replica.stop()]);
      for (const { child } of sentinels) if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}
