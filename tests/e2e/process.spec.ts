// The server process itself: configuration errors, graceful shutdown, logs.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import { E2E_SESSION_SECRET, E2E_SIMULATOR_PORT } from "../support/e2e-env";
import { BUILT_SERVER, jsonLogLines, startPortal as startOwnPortal, waitForReady as waitForOwnPortal } from "../support/portal-process";

const PORT = 3150;
const SIMULATOR_PORT = 4150;

const ports = { port: PORT, simulatorPort: SIMULATOR_PORT };
const startPortal = (env: Record<string, string>) => startOwnPortal(ports, env);
const waitForReady = () => waitForOwnPortal(ports);

test.describe.configure({ mode: "serial" });

test("a bad configuration value stops the start with one line naming the variable", () => {
  const result = spawnSync(process.execPath, BUILT_SERVER, {
    env: { ...process.env, UPSTREAM_TIMEOUT_MS: "999999" },
    encoding: "utf8",
  });
  expect(result.status).toBe(1);
  expect(result.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^Configuration error: UPSTREAM_TIMEOUT_MS: /)]);
});

test("the production image refuses DEMO=1 with one line: it holds no simulators", () => {
  const result = spawnSync(process.execPath, BUILT_SERVER, {
    env: { ...process.env, NODE_ENV: "production", DEMO: "1", PORTAL_IMAGE: "production" },
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^Configuration error: DEMO: this is the production image/)]);
});

test("check-backend runs from the build, without a TypeScript loader, as the image runs it", () => {
  const result = spawnSync(
    process.execPath,
    ["build/portal-server/check-backend.js", `http://127.0.0.1:${E2E_SIMULATOR_PORT}`, "--tenant", "telekom"],
    {
      env: { ...process.env, NODE_OPTIONS: "" },
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/telekom\s+getTenantConfig\s+yes\s+yes/);
});

test("a production start without a backend and without DEMO=1 refuses, with one line saying how to get the demo", () => {
  const production: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DEMO: "", LEGACY_API_URL: "", CMS_URL: "" };
  for (const env of [production, { ...production, LEGACY_API_URL: "http://127.0.0.1:9" }, { ...production, DEMO: "0" }]) {
    const result = spawnSync(process.execPath, BUILT_SERVER, { env, encoding: "utf8", timeout: 30_000 });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(
        /^Configuration error: (LEGACY_API_URL|CMS_URL): is not set: .* or set DEMO=1 to start on the embedded simulators/,
      ),
    ]);
  }
});

test("a start with a real backend and no SESSION_SECRET refuses with one line, whatever NODE_ENV says: the committed secret seals only the demo", () => {
  const backend = { LEGACY_API_URL: "http://127.0.0.1:9", CMS_URL: "http://127.0.0.1:9", SESSION_SECRET: "", DEMO: "" };
  for (const NODE_ENV of ["production", "development", "test"]) {
    const env: NodeJS.ProcessEnv = { ...process.env, ...backend, NODE_ENV: NODE_ENV as NodeJS.ProcessEnv["NODE_ENV"] };
    const result = spawnSync(process.execPath, BUILT_SERVER, { env, encoding: "utf8", timeout: 30_000 });
    expect(result.status, NODE_ENV).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^Configuration error: SESSION_SECRET: is required with a real backend .*only for the demo$/),
    ]);
  }
});

test("a key published in the repository seals nothing with a real backend: refused at start with one line, in any place of the list", () => {
  const published = ["dev-only-session", "secret-change-me-0123456789"].join("-");
  const backend = { LEGACY_API_URL: "http://127.0.0.1:9", CMS_URL: "http://127.0.0.1:9", DEMO: "", NODE_ENV: "production" as const };
  for (const [SESSION_SECRET, place] of [
    [published, "key 1 of 1"],
    [`${E2E_SESSION_SECRET},${published}`, "key 2 of 2"],
  ]) {
    const result = spawnSync(process.execPath, BUILT_SERVER, {
      env: { ...process.env, ...backend, SESSION_SECRET },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(new RegExp(`^Configuration error: SESSION_SECRET: ${place} is published in the portal's repository`)),
    ]);
  }
});

test("the sample parent page and its script are the demo's: a portal on real backends does not serve them", async () => {
  const backends = { LEGACY_API_URL: "http://127.0.0.1:9", CMS_URL: "http://127.0.0.1:9" };
  const portal = startPortal({ ...backends, DEMO: "", SESSION_SECRET: E2E_SESSION_SECRET });
  try {
    for (let attempt = 0; attempt < 300 && !portal.output().includes("portal listening"); attempt++) await sleep(100);
    for (const path of ["/einbettung.html", "/einbettung.js", "/einbettung.css"]) {
      const response = await fetch(`http://127.0.0.1:${PORT}${path}`, { headers: { host: "telekom.localhost" } });
      expect(response.status, path).toBe(404);
    }
  } finally {
    portal.child.kill("SIGKILL");
  }
});

test("a path that cannot be decoded gets the 400 page, and every log line, the framework's too, is scrubbed JSON", async () => {
  const portal = startPortal({ SESSION_SECRET: E2E_SESSION_SECRET });
  try {
    await waitForReady();
    const get = (path: string) =>
      fetch(`http://127.0.0.1:${PORT}${path}`, { headers: { host: "telekom.localhost", "accept-language": "de" } });
    for (const path of ["/%", "/%zz", "/kontakt%C0", "/login/adm-telekom-0001%C0", "/kontakt.data%C0", "/empfaengerdaten/%E0%A4%A"]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toContain("Diese Anfrage kann das Portal nicht beantworten.");
    }
    // Malformed and climbing file paths: 400 or 404, with an info line at most (anyone could trip an alert with an error line).
    for (const path of [
      "/assets/..%5cx",
      "/assets/%2e%2e%2fx",
      "/assets/..%5C..%5Cpackage.json",
      "/ASSETS/..%2f..%2fpackage.json",
      "/assets/x%00",
    ]) {
      const response = await get(path);
      expect([400, 404], path).toContain(response.status);
      expect(await response.text(), path).not.toContain("package");
    }
    await get("/kontakt?mail=anna.geheim%40example.org");
    await get("/bankdaten/de89370400440532013000");
    await sleep(200);
    const output = portal.output();
    for (const secret of ["adm-telekom-0001", "anna.geheim", "370400440532013000"]) expect(output).not.toContain(secret);
    const lines = output.split("\n").filter(Boolean);
    expect(lines.filter((line) => !line.startsWith("{"))).toEqual([]);
    expect(output).not.toContain("Failed to decode");
    // No error line from anything anyone can send; a refused file path gets an info line, nothing louder.
    const logged = jsonLogLines<{ level: string; msg: string; path?: string }>(output);
    expect(logged.filter(({ level }) => level === "error" || level === "fatal")).toEqual([]);
    expect(logged.filter(({ level, msg, path }) => level !== "info" && `${msg} ${path}`.includes("/assets"))).toEqual([]);
  } finally {
    portal.child.kill("SIGKILL");
  }
});

test("SIGTERM: not ready at once, serving on through the drain with Connection: close, the request in flight finished, then it exits", async () => {
  const portal = startPortal({ SESSION_SECRET: E2E_SESSION_SECRET, SHUTDOWN_DRAIN_MS: "1500" });
  try {
    await waitForReady();
    await fetch(`http://127.0.0.1:${SIMULATOR_PORT}/__control`, { method: "POST", body: JSON.stringify({ delayMs: 2500 }) });
    const inFlight = fetch(`http://127.0.0.1:${PORT}/code`, { headers: { host: "allianz.localhost" } });
    await sleep(300);
    const exited = once(portal.child, "exit");
    const signalledAt = Date.now();
    portal.child.kill("SIGTERM");
    await sleep(100);
    const readiness = await fetch(`http://127.0.0.1:${PORT}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({ status: "shutting down" });
    // Still served while the balancer learns of it, each answer closing its connection.
    const during = await fetch(`http://127.0.0.1:${PORT}/healthz`);
    expect([during.status, during.headers.get("connection")]).toEqual([200, "close"]);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Empfehlungscode");
    const [code] = await exited;
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(1_500);
    await expect(fetch(`http://127.0.0.1:${PORT}/healthz`)).rejects.toThrow();
  } finally {
    portal.child.kill("SIGKILL");
    await fetch(`http://127.0.0.1:${SIMULATOR_PORT}/__control`, { method: "POST", body: JSON.stringify({ delayMs: 0 }) }).catch(() => null);
  }
});

test("a production start has no styleguide unless STYLEGUIDE=1 asks for it", async () => {
  const portal = startPortal({ SESSION_SECRET: E2E_SESSION_SECRET });
  try {
    await waitForReady();
    expect((await fetch(`http://127.0.0.1:${PORT}/styleguide`)).status).toBe(404);
  } finally {
    portal.child.kill("SIGKILL");
  }
});

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

/** A backend in front of the simulator that notes each call's `traceparent`, and an OTLP collector that keeps the spans sent to it. */
async function traceWitnesses() {
  const traceparents: string[] = [];
  const backend = createServer((req, res) => {
    traceparents.push(String(req.headers.traceparent));
    const upstream = request(
      { host: "127.0.0.1", port: SIMULATOR_PORT, path: req.url, method: req.method, headers: req.headers },
      (reply) => {
        res.writeHead(reply.statusCode!, reply.headers);
        reply.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  const spans: { traceId: string; spanId: string; parentSpanId?: string; name: string }[] = [];
  type Batch = { resourceSpans: { scopeSpans: { spans: typeof spans }[] }[] };
  const collector = createServer((req, res) => {
    void new Response(Readable.toWeb(req) as ReadableStream).json().then((batch: Batch) => {
      spans.push(...batch.resourceSpans.flatMap(({ scopeSpans }) => scopeSpans.flatMap((scope) => scope.spans)));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  const urlOf = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const [backendUrl, collectorUrl] = [await urlOf(backend), await urlOf(collector)];
  return { backendUrl, collectorUrl, traceparents, spans, close: () => [backend, collector].forEach((server) => server.close()) };
}

test("logs one JSON line per request with its id and trace id, and no token, e-mail or password; the trace reaches the backend and the collector", async () => {
  const witnesses = await traceWitnesses();
  const portal = startPortal({
    // A backend of its own (the recording one) needs a secret of its own: the published ones seal nothing there.
    SESSION_SECRET: randomBytes(32).toString("hex"),
    LEGACY_API_URL: witnesses.backendUrl,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${witnesses.collectorUrl}/v1/traces`,
  });
  try {
    await waitForReady();
    // Node's fetch keeps its own Host header: the default tenant answers, which is all this test needs.
    const page = await fetch(`http://127.0.0.1:${PORT}/code?token=secret-token-123&email=anna@example.com`, {
      headers: { "x-request-id": "trace-0123456789", traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` },
    });
    await page.text();
    const post = await fetch(`http://127.0.0.1:${PORT}/code`, {
      method: "POST",
      headers: { origin: `http://127.0.0.1:${PORT}`, "content-type": "application/x-www-form-urlencoded" },
      body: "code=STCODE26&password=Geheim123",
      redirect: "manual",
    });
    await post.text();
    expect(post.status).toBe(302);
    await sleep(200);
    const lines = portal
      .output()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = lines.filter((line) => line.msg === "request" && String(line.path).startsWith("/code"));
    expect(requestLines).toHaveLength(2);
    // The balancer's W3C trace id in the line; a request without one gets a trace of its own.
    expect(requestLines.find((line) => line.method === "GET")).toMatchObject({
      requestId: "trace-0123456789",
      status: 200,
      traceId: TRACE_ID,
    });
    expect(requestLines.find((line) => line.method === "POST")).toMatchObject({
      requestId: expect.any(String),
      status: 302,
      traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(portal.output()).not.toMatch(/secret-token-123|anna@example\.com|Geheim123/);

    // The balancer's trace goes on to the backend, under a span of the portal's (its parent is never the balancer's own).
    const continued = witnesses.traceparents.filter((header) => header.includes(TRACE_ID));
    expect(continued.length).toBeGreaterThan(0);
    expect(continued.every((header) => /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/.test(header) && !header.includes("00f067aa0ba902b7"))).toBe(
      true,
    );
    // The spans held are sent as the portal stops: the request's, child of the balancer's, and the calls' under it.
    const exited = once(portal.child, "exit");
    portal.child.kill("SIGINT");
    await exited;
    const requestSpan = witnesses.spans.find((span) => span.traceId === TRACE_ID && span.parentSpanId === "00f067aa0ba902b7");
    expect(requestSpan?.name).toBe("GET routes/code");
    const callSpanIds = witnesses.spans.filter((span) => span.parentSpanId === requestSpan!.spanId).map((span) => span.spanId);
    expect(continued.map((header) => header.split("-")[2]).every((spanId) => callSpanIds.includes(spanId))).toBe(true);
  } finally {
    portal.child.kill("SIGKILL");
    witnesses.close();
  }
});

test.describe("when a backend fails", () => {
  test.use({ javaScriptEnabled: false, locale: "en-GB" });

  test("an unreachable legacy API gets the friendly 'temporarily unavailable' page in the visitor's language (503, Retry-After)", async ({
    page,
  }) => {
    const portal = startPortal({ LEGACY_API_URL: "http://127.0.0.1:9", SESSION_SECRET: E2E_SESSION_SECRET });
    try {
      // Starting takes a few seconds, more on a busy CI machine.
      for (let attempt = 0; attempt < 300 && !portal.output().includes("portal listening"); attempt++) await sleep(100);
      // No tenant can be served: this instance is not ready.
      expect((await fetch(`http://127.0.0.1:${PORT}/readyz`)).status).toBe(503);
      const response = await page.goto(`http://telekom.localhost:${PORT}/`);
      expect(response?.status()).toBe(503);
      expect(response?.headers()["retry-after"]).toBe("30");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Temporarily unavailable");
      await expect(page.getByRole("alert")).toHaveText(
        "This portal is temporarily unavailable. Please try again in a few minutes. Your recommendations and rewards are safe.",
      );
      await expect(page.locator("body")).not.toContainText(/at \w+ \(|Error:|ECONNREFUSED/);
    } finally {
      portal.child.kill("SIGKILL");
    }
  });

  test("a CMS outage leaves out only the CMS block", async ({ page }) => {
    const portal = startPortal({ SESSION_SECRET: E2E_SESSION_SECRET, CMS_SIMULATOR_PORT: "4151" });
    try {
      await waitForReady();
      await fetch("http://127.0.0.1:4151/__control", { method: "POST", body: JSON.stringify({ down: true }) });
      await page.goto(`http://standard.localhost:${PORT}/`);
      await expect(page.getByRole("heading", { level: 1, name: "Empfehlungsportal" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Current rewards" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Recommending pays off" })).toHaveCount(0);
      await sleep(100);
      expect(portal.output()).toContain("Fehler beim Laden des CMS Inhalts");
    } finally {
      portal.child.kill("SIGKILL");
    }
  });
});

test("offline-code entry is limited per client: the 11th post in a minute gets 429", async () => {
  const portal = startPortal({ SESSION_SECRET: E2E_SESSION_SECRET });
  try {
    await waitForReady();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await fetch(`http://127.0.0.1:${PORT}/code`, {
        method: "POST",
        headers: {
          origin: `http://127.0.0.1:${PORT}`,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": `198.51.100.${attempt}`,
        },
        body: "code=FALSCH",
        redirect: "manual",
      });
      await response.text();
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  } finally {
    portal.child.kill("SIGKILL");
  }
});

test("login and the contact form are limited per client too: the 11th post gets 429 and says so", async () => {
  const portal = startPortal({ SESSION_SECRET: E2E_SESSION_SECRET });
  try {
    await waitForReady();
    for (const path of ["/login", "/kontakt"]) {
      const statuses: number[] = [];
      let last = "";
      for (let attempt = 0; attempt < 11; attempt++) {
        const response = await fetch(`http://127.0.0.1:${PORT}${path}`, {
          method: "POST",
          headers: { origin: `http://127.0.0.1:${PORT}`, "content-type": "application/x-www-form-urlencoded", "accept-language": "de" },
          body: "email=a%40example.org&password=falsch",
          redirect: "manual",
        });
        last = await response.text();
        statuses.push(response.status);
      }
      expect(
        statuses.slice(0, 10).every((status) => status !== 429),
        `${path}: ${statuses.join(",")}`,
      ).toBe(true);
      expect(statuses[10], path).toBe(429);
      expect(last).toContain("Zu viele Versuche");
    }
  } finally {
    portal.child.kill("SIGKILL");
  }
});
