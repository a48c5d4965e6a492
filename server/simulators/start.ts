// Starts both simulators on loopback: the legacy API (with /__demo and /__control) and the CMS.
import { createCmsSimulator } from "./cms-simulator";
import { type Dialect, DIALECTS, speak } from "./dialects";
import { type LoopbackServer, serveHandlers } from "./http-adapter";
import { createLegacySimulator, type Fault, FAULT_KINDS, type LegacySwitches, type PortalOrigin } from "./legacy-simulator";

export type RunningSimulators = {
  legacyUrl: string;
  cmsUrl: string;
  legacy: ReturnType<typeof createLegacySimulator>;
  cms: ReturnType<typeof createCmsSimulator>;
  close(): Promise<void>;
};

type StartOptions = { legacyPort?: number; cmsPort?: number; host?: string; portalOrigin?: PortalOrigin };

export async function startSimulators({
  legacyPort = 0,
  cmsPort = 0,
  host = "127.0.0.1",
  portalOrigin,
}: StartOptions = {}): Promise<RunningSimulators> {
  const legacy = createLegacySimulator({ portalOrigin });
  const cms = createCmsSimulator();
  /** Tracking calls the browser made (the web-analytics service is simulated on the legacy port). */
  const analyticsHits: Record<string, string>[] = [];
  /** Every call the legacy API received, by `METHOD /path`, counted as it arrives (before any handler decides). */
  const callsReceived = new Map<string, number>();
  const servers: LoopbackServer[] = [];
  /** How the legacy simulator speaks: as written (none), or as an older ASP.NET or an ASP.NET Core backend; per tenant too. */
  const dialects: { all: Dialect | null; byTenant: Record<string, Dialect> } = { all: null, byTenant: {} };
  const dialectOf = (value: unknown) => (DIALECTS.includes(value as Dialect) ? (value as Dialect) : null);
  const legacyServer = await serveHandlers(() => legacy.handlers, {
    port: legacyPort,
    host,
    onRequest: (request) => {
      const call = `${request.method} ${new URL(request.url).pathname}`;
      callsReceived.set(call, (callsReceived.get(call) ?? 0) + 1);
    },
    transform: async (request, response) => {
      const dialect = dialects.byTenant[request.headers.get("x-mandant") ?? ""] ?? dialects.all;
      return dialect ? speak(dialect, response) : response;
    },
    routes: {
      "GET /__demo": () => Response.json(legacy.demo()),
      "GET /matomo.php": (request) => {
        analyticsHits.push(Object.fromEntries(new URL(request.url).searchParams));
        return new Response(null, { status: 204, headers: { "Access-Control-Allow-Origin": "*" } });
      },
      "GET /__analytics": () => Response.json(analyticsHits),
      // `?contains=/empfaenger/create`: how often the calls whose `METHOD /path` contains it arrived.
      "GET /__calls": (request) => {
        const contains = new URL(request.url).searchParams.get("contains") ?? "";
        return Response.json(Object.fromEntries([...callsReceived].filter(([call]) => call.includes(contains))));
      },
      // What the backend holds, for tests that check a write happened once.
      "GET /__recipients": () => Response.json(legacy.createdRecipients()),
      "GET /__recommendations": (request) => Response.json(legacy.recommendationsOf(new URL(request.url).searchParams.get("tenant") ?? "")),
      // The mails the backend 'sent' (welcome, password reset, newsletter), for the demo and the tests.
      "GET /__mails": (request) => Response.json(legacy.mails({ to: new URL(request.url).searchParams.get("to") ?? undefined })),
      "POST /__control": async (request) => {
        const body = (await request.json().catch(() => ({}))) as Partial<Omit<LegacySwitches, "fault">> & {
          reset?: boolean;
          /** A fault for the calls it names (see FAULT_KINDS), `{ kind: "down", forMs }` to refuse connections for a while, null to end it. */
          fault?: (Omit<Fault, "kind"> & { kind: Fault["kind"] | "down"; forMs?: number }) | null;
          config?: Record<string, Record<string, unknown>>;
          /** Route names GET route/default answers with: `{ "PersoenlicherBereich": "/empfehlen" }`. */
          defaultRoutes?: Record<string, string>;
          /** Lets a recommendation expire now: `{ "tenant": "standard", "empfehlungsnummer": "ST-100001" }`. */
          expire?: { tenant: string; empfehlungsnummer: string };
          /** Captcha on or off for single tenants: `{ "allianz": true }`. */
          captchaFor?: Record<string, boolean>;
          /** Answer as another backend would: `"dotnet"` (an older ASP.NET service), `"camelCase"` (ASP.NET Core), null as written. */
          dialect?: string | null;
          /** The same for single tenants: `{ "telekom": "dotnet" }`, null to end it. */
          dialectFor?: Record<string, string | null>;
        };
        if (body.reset) {
          legacy.reset();
          dialects.all = null;
          dialects.byTenant = {};
          analyticsHits.length = 0;
          callsReceived.clear();
        }
        if (typeof body.captchaRequired === "boolean") legacy.switches.captchaRequired = body.captchaRequired;
        for (const [tenant, on] of Object.entries(body.captchaFor ?? {})) {
          legacy.switches.captchaTenants = legacy.switches.captchaTenants.filter((id) => id !== tenant).concat(on ? [tenant] : []);
        }
        if (typeof body.delayMs === "number") legacy.switches.delayMs = body.delayMs;
        if (body.dialect !== undefined) dialects.all = dialectOf(body.dialect);
        for (const [tenant, dialect] of Object.entries(body.dialectFor ?? {})) {
          const chosen = dialectOf(dialect);
          if (chosen) dialects.byTenant[tenant] = chosen;
          else delete dialects.byTenant[tenant];
        }
        if (body.fault?.kind === "down") legacyServer.refuseConnectionsFor(body.fault.forMs ?? 5_000);
        else if (body.fault === null || FAULT_KINDS.includes(body.fault?.kind as Fault["kind"])) {
          legacy.switches.fault = body.fault
            ? { kind: body.fault.kind as Fault["kind"], path: body.fault.path ?? "", ms: body.fault.ms, code: body.fault.code }
            : null;
        }
        for (const [tenant, changes] of Object.entries(body.config ?? {})) legacy.overrideConfig(tenant, changes);
        if (body.defaultRoutes) legacy.overrideDefaultRoutes(body.defaultRoutes);
        if (body.expire) legacy.expireRecommendation(body.expire.tenant, body.expire.empfehlungsnummer);
        return Response.json({ ...legacy.switches, dialects });
      },
    },
  });
  servers.push(legacyServer);
  const cmsServer = await serveHandlers(() => cms.handlers, {
    port: cmsPort,
    host,
    routes: {
      "POST /__control": async (request) => {
        const body = (await request.json().catch(() => ({}))) as { expireTokens?: boolean; down?: boolean };
        if (body.expireTokens) cms.expireTokens();
        if (typeof body.down === "boolean") cms.switches.down = body.down;
        return Response.json({ ...cms.switches, ...cms.stats });
      },
    },
  });
  servers.push(cmsServer);
  return {
    legacyUrl: legacyServer.url,
    cmsUrl: cmsServer.url,
    legacy,
    cms,
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  // Where the portal these simulators serve is reached: `{tenant}` stands for the tenant's id.
  const portalOrigin = process.env.SIMULATOR_PORTAL_ORIGIN ?? "http://{tenant}.localhost:3000";
  const simulators = await startSimulators({
    legacyPort: Number(process.env.SIMULATOR_PORT ?? 4010),
    cmsPort: Number(process.env.CMS_SIMULATOR_PORT ?? 4011),
    portalOrigin: (tenant) => portalOrigin.replaceAll("{tenant}", tenant),
  });
  console.log(JSON.stringify({ level: "info", msg: "simulators listening", legacy: simulators.legacyUrl, cms: simulators.cmsUrl }));
  const stop = () => simulators.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
