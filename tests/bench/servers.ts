// What \`npm run bench\` and \`npm run bench:profile\` share: the ports, the three routes as the portal and the
// peer are asked for them, and starting the servers (built, for production, on simulators in a process of
// their own, as a real backend would be).
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { demoTenantsFile } from "../support/demo-tenants-file";
import { BUILT_SERVER } from "../support/portal-process";
import { testSecret } from "../support/test-secret";
import { httpRequest } from "./http";

export const PORTS = {
  portal: 3300,
  bare: 3301,
  peer: 3302,
  portalOnReplies: 3303,
  legacy: 4300,
  cms: 4301,
  repliedLegacy: 4310,
  repliedCms: 4311,
};
// The standard tenant accepts the terms with the data: its data page's POST creates the recipient,
// completes the tracking and accepts the terms (on a tenant with a consent step the data waits for
// consent, decision 048, and that POST would do a different job from the peer's).
export const TENANT_HOST = `standard.localhost:${PORTS.portal}`;
export const RECIPIENT_PAGE = "/empfaengerdaten/ST-100003";

export type Request = { method?: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string; status: number };
export type Route = { name: string; portal: Request; peer: Request };

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const FORM_HEADERS = { "content-type": "application/x-www-form-urlencoded" };

export const RECIPIENT_FORM = {
  anrede: "Frau",
  vorname: "Erika",
  name: "Muster",
  geburtsdatum: "07.03.1990",
  email: "bench@example.org",
  telefon: "0301234567",
  strasse: "Lindenstraße",
  hausnummer: "12a",
  plz: "10969",
  ort: "Berlin",
};
export const PORTAL_HEADERS = { host: TENANT_HOST };
export const PORTAL_POST_HEADERS = { ...PORTAL_HEADERS, origin: `http://${TENANT_HOST}`, ...FORM_HEADERS };

/** The routes, each as the portal and the peer are asked for it; the portal's POST carries what its page sealed into the form. */
export function routes(shown: string): Route[] {
  return [
    { name: "home page", portal: { path: "/", headers: PORTAL_HEADERS, status: 200 }, peer: { path: "/", status: 200 } },
    {
      name: "recipient data page",
      portal: { path: RECIPIENT_PAGE, headers: PORTAL_HEADERS, status: 200 },
      peer: { path: RECIPIENT_PAGE, status: 200 },
    },
    {
      name: "recipient form POST",
      portal: { method: "POST", path: RECIPIENT_PAGE, headers: PORTAL_POST_HEADERS, body: form({ ...RECIPIENT_FORM, shown }), status: 302 },
      peer: { method: "POST", path: RECIPIENT_PAGE, headers: FORM_HEADERS, body: form(RECIPIENT_FORM), status: 302 },
    },
  ];
}

/** The sealed `shown` field of the recipient data page, as a browser posts it back. */
export async function shownOnRecipientPage() {
  const page = await httpRequest(PORTS.portal, { path: RECIPIENT_PAGE, headers: PORTAL_HEADERS });
  const shown = /name="shown" value="([^"]+)"/.exec(page.body.toString())?.[1];
  if (!shown) throw new Error("the recipient data page has no sealed field");
  return shown;
}

export function startServer(args: string[], port: number, cwd = ".", env: Record<string, string> = {}) {
  return spawn(process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SIMULATOR_PORT: "0",
      CMS_SIMULATOR_PORT: "0",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "10000",
      LINK_LOOKUPS_PER_10_MINUTES: "100000",
      FAILED_TOKENS_PER_10_MINUTES: "10000",
      ...env,
    },
    stdio: "ignore",
  });
}

export async function waitForReady(url: string) {
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not become ready`);
}

/** The simulators in a process of their own: the portal's CPU is the BFF's alone. */
export function startSimulators() {
  return spawn(process.execPath, ["--import", "tsx", "simulators/start.ts"], {
    env: { ...process.env, SIMULATOR_PORT: String(PORTS.legacy), CMS_SIMULATOR_PORT: String(PORTS.cms) },
    stdio: "ignore",
  });
}

/** A backend that hardly pauses: the simulators' replies, each asked for once, then answered from memory. */
export function startReplayingBackend() {
  return spawn(process.execPath, ["--import", "tsx", "tests/bench/replaying-backend.ts"], { stdio: "ignore" });
}

/**
 * The portal, built, on those simulators (or on the `legacy` and `cms` ports given, listening on `port`);
 * `nodeArgs` go before the server's module (--inspect, say). Whatever its port, it serves the hosts the
 * bench's requests name (TENANT_HOST).
 */
export function startPortal(nodeArgs: string[] = [], { port = PORTS.portal, legacy = PORTS.legacy, cms = PORTS.cms } = {}) {
  return startServer([...nodeArgs, ...BUILT_SERVER], port, ".", {
    LEGACY_API_URL: `http://127.0.0.1:${legacy}`,
    CMS_URL: `http://127.0.0.1:${cms}`,
    TENANTS_FILE: demoTenantsFile(PORTS.portal, "bench"),
    SESSION_SECRET: testSecret("bench"),
  });
}
