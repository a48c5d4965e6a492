import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropUntrustedForwardedHost, servedHostsOnly } from "./hosts";

const SERVED = new Set(["telekom.portal.test", "allianz.portal.test", "[::1]"]);

/** One raw HTTP/1.1 exchange, so the Host header is exactly what the test writes. */
async function exchange(port: number, head: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(`${head}Connection: close\r\n\r\n`));
    let raw = "";
    socket.on("data", (chunk) => (raw += chunk));
    socket.on("end", () => resolve({ status: Number(raw.split(" ")[1]), body: raw.split("\r\n\r\n").slice(1).join("") }));
    socket.on("error", reject);
  });
}

async function serve({ trustProxy, trustForwardedHost }: { trustProxy: boolean; trustForwardedHost: boolean }) {
  const app = express();
  app.set("trust proxy", trustProxy ? 1 : 0);
  app.use(dropUntrustedForwardedHost(trustForwardedHost));
  app.use(servedHostsOnly({ serves: (hostname) => SERVED.has(hostname.toLowerCase()) }));
  app.get("*", (req, res) => {
    res.send(`served ${req.hostname} ${req.get("x-forwarded-host") ?? "-"}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, port: () => (server.address() as AddressInfo).port };
}

let direct: Awaited<ReturnType<typeof serve>>;
let behindProxy: Awaited<ReturnType<typeof serve>>;
let proxied: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  [direct, behindProxy, proxied] = await Promise.all([
    serve({ trustProxy: false, trustForwardedHost: false }),
    serve({ trustProxy: true, trustForwardedHost: false }),
    serve({ trustProxy: true, trustForwardedHost: true }),
  ]);
});
afterAll(() => [direct, behindProxy, proxied].forEach(({ server }) => server.close()));

describe("served hosts", () => {
  it.each(["telekom.portal.test", "TELEKOM.Portal.Test", "telekom.portal.test:8443", "[::1]:3000"])("serves %s", async (host) => {
    const { status } = await exchange(direct.port(), `GET / HTTP/1.1\r\nHost: ${host}\r\n`);
    expect(status).toBe(200);
  });

  it.each([
    "evil.example",
    "telekom.portal.test.evil.example",
    "telekom.portal.test.",
    "evil@telekom.portal.test",
    "telekom.portal.test:99999",
    "telekom.portal.test:",
    "telekom.portal.test/../",
    "telekom.portal.test%2F",
    "<script>evil</script>",
    "",
  ])("refuses %j with 400, never echoing it", async (host) => {
    const { status, body } = await exchange(direct.port(), `GET / HTTP/1.1\r\nHost: ${host}\r\n`);
    expect(status).toBe(400);
    expect(body).toContain("Diese Anfrage kann das Portal nicht beantworten.");
    if (host) expect(body).not.toContain(host);
  });

  it("refuses a request without a Host", async () => {
    expect((await exchange(direct.port(), "GET / HTTP/1.0\r\n")).status).toBe(400);
  });

  it("ignores X-Forwarded-Host behind a trusted proxy unless the operator turned it on: a client cannot pick another tenant", async () => {
    const picked = await exchange(
      behindProxy.port(),
      "GET / HTTP/1.1\r\nHost: telekom.portal.test\r\nX-Forwarded-Host: allianz.portal.test\r\n",
    );
    expect(picked).toMatchObject({ status: 200, body: "served telekom.portal.test -" });
  });

  it("drops X-Forwarded-Host from an untrusted client, and judges it where the operator turned it on", async () => {
    const spoofed = await exchange(direct.port(), "GET / HTTP/1.1\r\nHost: telekom.portal.test\r\nX-Forwarded-Host: evil.example:666\r\n");
    expect(spoofed).toMatchObject({ status: 200, body: "served telekom.portal.test -" });
    expect(
      (await exchange(proxied.port(), "GET / HTTP/1.1\r\nHost: internal:3000\r\nX-Forwarded-Host: telekom.portal.test\r\n")).status,
    ).toBe(200);
    expect(
      (await exchange(proxied.port(), "GET / HTTP/1.1\r\nHost: telekom.portal.test\r\nX-Forwarded-Host: evil.example\r\n")).status,
    ).toBe(400);
  });
});
