// Starts both simulators on loopback: the legacy API (with /__demo and /__control) and the CMS. The
// portal starts them only where asked to (DEMO=1, as `npm start` does); `npm run simulator` runs them
// on their own, for a portal or a contract test pointed at them as at a real backend.
import { createCmsSimulator } from "./cms/simulator";
import { cmsControlRoutes, freshObserved, legacyControlRoutes } from "./control";
import { dripped, iis404, speak } from "./dialects";
import { createAffinityFarm } from "./farm";
import { type LoopbackServer, serveHandlers } from "./http-adapter";
import { createLegacySimulator, type PortalOrigin } from "./legacy/simulator";

export { demoTenantHosts } from "./demo-tenants";

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
  const observed = freshObserved();
  const farm = createAffinityFarm();
  const legacyServer: LoopbackServer = await serveHandlers(() => legacy.handlers, {
    port: legacyPort,
    host,
    onRequest: (request) => {
      const call = `${request.method} ${new URL(request.url).pathname}`;
      observed.callsReceived.set(call, (observed.callsReceived.get(call) ?? 0) + 1);
    },
    intercept: (request) => {
      // Served under a path of its site, as IIS serves an application: elsewhere the site's own 404.
      if (observed.pathPrefix && !new URL(request.url).pathname.startsWith(`${observed.pathPrefix}/`)) return iis404();
      return observed.affinity ? farm.refused(request) : undefined;
    },
    transform: async (request, answered) => {
      const response = observed.affinity ? await farm.passed(request, answered) : answered;
      const dialects = observed.dialects.byTenant[request.headers.get("x-mandant") ?? ""] ?? observed.dialects.all;
      const spoken = dialects.length > 0 ? await speak(dialects, response, request) : response;
      return observed.dripMs > 0 ? dripped(spoken, observed.dripMs) : spoken;
    },
    routes: legacyControlRoutes(legacy, observed, (ms) => legacyServer.refuseConnectionsFor(ms)),
    interimReplies: () => observed.interimReplies,
  });
  const cmsServer = await serveHandlers(() => cms.handlers, { port: cmsPort, host, routes: cmsControlRoutes(cms) });
  return {
    legacyUrl: legacyServer.url,
    cmsUrl: cmsServer.url,
    legacy,
    cms,
    close: async () => {
      await Promise.all([legacyServer.close(), cmsServer.close()]);
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
  const stop = () => void simulators.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
