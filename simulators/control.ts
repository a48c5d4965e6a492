// The simulators' own routes beside the APIs they simulate, for the demo and the tests: what the
// legacy simulator received and holds, and POST /__control, which switches its behaviour.
import type { CmsSimulator } from "./cms/simulator";
import { type Dialect, DIALECTS } from "./dialects";
import { type Fault, FAULT_KINDS, type LegacySimulator, type LegacySwitches } from "./legacy/simulator";

type Route = (request: Request) => Response | Promise<Response>;

/** What the legacy listener saw, beside what the simulator holds. */
export type Observed = {
  /** Tracking calls the browser made (the web-analytics service is simulated on the legacy port). */
  analyticsHits: Record<string, string>[];
  /** Every call the legacy API received, by `METHOD /path`, counted as it arrives (before any handler decides). */
  callsReceived: Map<string, number>;
  /** How the legacy simulator speaks: as written (none), or in the dialects of other backends (simulators/dialects.ts); per tenant too. */
  dialects: { all: Dialect[]; byTenant: Record<string, Dialect[]> };
  /** Replies trickle in small pieces over this many milliseconds (0: at once). */
  dripMs: number;
  /** Each reply comes after an unasked `100 Continue` and a `103 Early Hints` (a proxy in front of IIS). */
  interimReplies: boolean;
  /** The service sits behind a farm with affinity (simulators/farm.ts): its sessions need ARRAffinity sent back. */
  affinity: boolean;
  /** The path the service is served under (`/referral`: `/referral/api/v1/…`); elsewhere IIS's 404. Empty: at the root. */
  pathPrefix: string;
};

export const freshObserved = (): Observed => ({
  analyticsHits: [],
  callsReceived: new Map(),
  dialects: { all: [], byTenant: {} },
  dripMs: 0,
  interimReplies: false,
  affinity: false,
  pathPrefix: "",
});

type ControlBody = Partial<Omit<LegacySwitches, "fault">> & {
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
  /**
   * Answer as another backend would: `"dotnet"` (an older ASP.NET service), `"camelCase"` (ASP.NET Core),
   * or several at once (`["dotnet", "padded", "ordinalEnums"]`: simulators/dialects.ts); null as written.
   */
  dialect?: string | string[] | null;
  /** The same for single tenants: `{ "telekom": "dotnet" }`, null to end it. */
  dialectFor?: Record<string, string | string[] | null>;
  /** Let every reply trickle in small pieces over this many milliseconds; 0 ends it. */
  dripMs?: number;
  /** Send an unasked `100 Continue` and `103 Early Hints` before every reply; false ends it. */
  interimReplies?: boolean;
  /** Stand behind a farm with affinity: a session made now needs the ARRAffinity cookie sent back; false ends it. */
  affinity?: boolean;
  /** Serve the API only under this path (`"/referral"`), as an application of an IIS site; `""` at the root again. */
  pathPrefix?: string;
};

const dialectsOf = (value: unknown): Dialect[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is Dialect => DIALECTS.includes(item as Dialect));

function switchDialects(observed: Observed, body: ControlBody) {
  if (body.dialect !== undefined) observed.dialects.all = dialectsOf(body.dialect);
  for (const [tenant, dialect] of Object.entries(body.dialectFor ?? {})) {
    const chosen = dialectsOf(dialect);
    if (chosen.length > 0) observed.dialects.byTenant[tenant] = chosen;
    else delete observed.dialects.byTenant[tenant];
  }
  if (typeof body.dripMs === "number") observed.dripMs = body.dripMs;
  if (typeof body.interimReplies === "boolean") observed.interimReplies = body.interimReplies;
  if (typeof body.affinity === "boolean") observed.affinity = body.affinity;
  if (typeof body.pathPrefix === "string") observed.pathPrefix = body.pathPrefix.replace(/\/$/, "");
}

function switchLegacy(legacy: LegacySimulator, body: ControlBody, refuseConnectionsFor: (ms: number) => void) {
  const { switches } = legacy;
  if (typeof body.captchaRequired === "boolean") switches.captchaRequired = body.captchaRequired;
  for (const [tenant, on] of Object.entries(body.captchaFor ?? {})) {
    switches.captchaTenants = switches.captchaTenants.filter((id) => id !== tenant).concat(on ? [tenant] : []);
  }
  if (typeof body.delayMs === "number") switches.delayMs = body.delayMs;
  if (body.fault?.kind === "down") refuseConnectionsFor(body.fault.forMs ?? 5_000);
  else if (body.fault === null || FAULT_KINDS.includes(body.fault?.kind as Fault["kind"])) {
    const fault = body.fault;
    switches.fault = fault
      ? { kind: fault.kind as Fault["kind"], path: fault.path ?? "", ms: fault.ms, code: fault.code, mb: fault.mb }
      : null;
  }
  for (const [tenant, changes] of Object.entries(body.config ?? {})) legacy.overrideConfig(tenant, changes);
  if (body.defaultRoutes) legacy.overrideDefaultRoutes(body.defaultRoutes);
  if (body.expire) legacy.expireRecommendation(body.expire.tenant, body.expire.empfehlungsnummer);
}

export function legacyControlRoutes(
  legacy: LegacySimulator,
  observed: Observed,
  refuseConnectionsFor: (ms: number) => void,
): Record<string, Route> {
  const query = (request: Request, name: string) => new URL(request.url).searchParams.get(name) ?? undefined;
  return {
    "GET /__demo": () => Response.json(legacy.demo()),
    "GET /matomo.php": (request) => {
      observed.analyticsHits.push(Object.fromEntries(new URL(request.url).searchParams));
      return new Response(null, { status: 204, headers: { "Access-Control-Allow-Origin": "*" } });
    },
    "GET /__analytics": () => Response.json(observed.analyticsHits),
    // `?contains=/empfaenger/create`: how often the calls whose `METHOD /path` contains it arrived.
    "GET /__calls": (request) =>
      Response.json(Object.fromEntries([...observed.callsReceived].filter(([call]) => call.includes(query(request, "contains") ?? "")))),
    // What the backend holds, for tests that check a write happened once.
    "GET /__recipients": () => Response.json(legacy.createdRecipients()),
    "GET /__recommendations": (request) => Response.json(legacy.recommendationsOf(query(request, "tenant") ?? "")),
    // The mails the backend 'sent' (welcome, password reset, newsletter), for the demo and the tests.
    "GET /__mails": (request) => Response.json(legacy.mails({ to: query(request, "to") })),
    "POST /__control": async (request) => {
      const body = (await request.json().catch(() => ({}))) as ControlBody;
      if (body.reset) {
        legacy.reset();
        Object.assign(observed, freshObserved());
      }
      switchLegacy(legacy, body, refuseConnectionsFor);
      switchDialects(observed, body);
      return Response.json({
        ...legacy.switches,
        dialects: observed.dialects,
        dripMs: observed.dripMs,
        interimReplies: observed.interimReplies,
      });
    },
  };
}

export function cmsControlRoutes(cms: CmsSimulator): Record<string, Route> {
  return {
    "POST /__control": async (request) => {
      const body = (await request.json().catch(() => ({}))) as { expireTokens?: boolean; down?: boolean };
      if (body.expireTokens) cms.expireTokens();
      if (typeof body.down === "boolean") cms.switches.down = body.down;
      return Response.json({ ...cms.switches, ...cms.stats });
    },
  };
}
