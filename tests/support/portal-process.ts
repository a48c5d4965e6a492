// A portal process of its own, for tests that need a fresh server (configuration, shutdown,
// tenant flags that the shared end-to-end server has already cached). On the demo's simulators where
// `env` names no backend.
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

export type PortalPorts = { port: number; simulatorPort: number };

/** `preload`: modules loaded before the server's (a fixed clock). */
export function startPortal({ port, simulatorPort }: PortalPorts, env: Record<string, string>, preload: string[] = []) {
  const child = spawn(process.execPath, ["--import", "tsx", ...preload.flatMap((module) => ["--import", module]), "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO: "1",
      PORT: String(port),
      SIMULATOR_PORT: String(simulatorPort),
      CMS_SIMULATOR_PORT: "0",
      LOG_LEVEL: "info",
      MAILS_PER_ADDRESS_PER_HOUR: "200",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

export async function waitForReady({ port }: Pick<PortalPorts, "port">) {
  // Starting takes a few seconds, more on a busy CI machine: up to 30 s.
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not yet listening
    }
    await sleep(100);
  }
  throw new Error("portal did not start");
}
