// The open loop in a Node process of its own. The bench's process holds Vite's build, autocannon's
// results and Playwright: its own garbage collections stalled it for up to 30 ms in a window at 200/s,
// and a request it sent late counted as the server's (each is timed from its scheduled start).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { openLoop, type OpenLoopLatencies, type Target } from "./open-loop";

type Rate = { ratePerSecond: number; seconds: number };

const THIS_FILE = fileURLToPath(import.meta.url);

/** The open loop's latencies, measured by a fresh, lean process. */
export async function openLoopApart(target: Target, rate: Rate): Promise<OpenLoopLatencies> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", THIS_FILE, JSON.stringify({ target, rate })]);
  return JSON.parse(stdout) as OpenLoopLatencies;
}

if (process.argv[1] === THIS_FILE) {
  const { target, rate } = JSON.parse(process.argv[2]) as { target: Target; rate: Rate };
  process.stdout.write(JSON.stringify(await openLoop(target, rate)));
}
