// A redis-server of the test's own (Debian's package; .ci/run installs it) on a free loopback
// port, with nothing saved to disk, or with the README's append-only file in a directory of its own;
// it can be stopped and started again on the same port.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

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

export async function startRedis({ port, appendOnly = false }: { port?: number; appendOnly?: boolean } = {}) {
  const chosen = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "redis-"));
  const persistence = appendOnly ? APPEND_ONLY : NOTHING_SAVED;
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
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
  await redis.start();
  return redis;
}
export type TestRedis = Awaited<ReturnType<typeof startRedis>>;
