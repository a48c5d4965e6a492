// The benchmark's latency generators: open loop keeps its schedule whatever the server does, and
// times each request from its scheduled start; one-at-a-time times a route alone.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { oneAtATime, openLoop, percentile, summarise } from "./open-loop";

let server: Server | undefined;
afterEach(() => server?.close());

/** A server that answers after `delayMs`, or blocks its event loop for `blockMs` on the first request. */
async function serve({ delayMs = 0, blockMs = 0 }) {
  let first = true;
  server = createServer((_request, response) => {
    if (first && blockMs) {
      first = false;
      const until = Date.now() + blockMs;
      while (Date.now() < until);
    }
    setTimeout(() => response.end("ok"), delayMs);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

describe("the latency generators", () => {
  it("take percentiles by rank", () => {
    const values = Array.from({ length: 100 }, (_value, index) => index + 1);
    expect([percentile(values, 0.5), percentile(values, 0.9), percentile(values, 0.99)]).toEqual([50, 90, 99]);
    expect(summarise([3, 1, 2], 1)).toMatchObject({ sent: 3, failures: 1, p50: 2, max: 3 });
  });

  it("send on schedule and count the wait of a request held up behind a slow one", async () => {
    const port = await serve({ blockMs: 200 });
    const result = await openLoop({ port, path: "/", status: 200 }, { ratePerSecond: 100, seconds: 0.5 });
    expect(result.sent).toBe(50);
    expect(result.failures).toBe(0);
    // The requests scheduled while the server was blocked waited up to 200 ms: a closed loop would hide that.
    expect(result.p90).toBeGreaterThan(50);
    expect(result.max).toBeGreaterThanOrEqual(150);
  });

  it("time a route alone, one request after another, and count wrong answers as failures", async () => {
    const port = await serve({ delayMs: 20 });
    const result = await oneAtATime({ port, path: "/", status: 302 }, 5);
    expect(result.p50).toBeGreaterThanOrEqual(19);
    expect(result.failures).toBe(5);
  });
});
