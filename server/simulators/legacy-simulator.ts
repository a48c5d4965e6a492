// A stateful in-memory legacy API as MSW request handlers. The same handlers serve the
// contract tests (behind a loopback HTTP server) and the embedded default of `npm start`.
import { randomBytes } from "node:crypto";
import { delay, http, type HttpHandler, HttpResponse } from "msw";
import type { LegacyErrorBody } from "../../bff/core/contract";
import { isValidIban } from "../../bff/reward/iban";
import { agencyHandlers, type AgencyState, freshAgencyState } from "./legacy-agency";
import { contactHandlers } from "./legacy-contact";
import {
  freshRecommenderState,
  type MailKind,
  recommendationLinks,
  recommenderHandlers,
  type RecommenderState,
} from "./legacy-recommender";
import { isoDay, type SeedRecommendation, type SeedTenant, seedTenants, type SeedUser } from "./legacy-seed";

/**
 * How a call fails instead of being answered: `slow` waits `ms` (default beyond any timeout) and
 * drops the call when the caller gave up; `error500` answers 500; `malformed` answers 200 with
 * half a JSON document; `contract` answers 200 with JSON that fits no reply schema;
 * `sessionExpired` answers 401 PSOF0204; `refused` answers 400 with the fault's `code` (a
 * backend that refuses what it was sent, as it may where the portal's checks let it pass). The backend does no work in any of these. (Connection
 * refused is the listener's `refuseConnectionsFor`, see start.ts.)
 */
export const FAULT_KINDS = ["slow", "error500", "malformed", "contract", "sessionExpired", "notImplemented", "refused"] as const;
export type Fault = {
  kind: (typeof FAULT_KINDS)[number];
  /** Calls whose `METHOD /path` contains this; every call when empty. */ path: string;
  ms?: number;
  /** The legacy code of a `refused` call. */
  code?: string;
};

const SLOW_FAULT_MS = 120_000;

export type LegacySwitches = {
  /** The captcha check (empty-body calls, IsCaptchaRequired) says a captcha is needed, for every tenant… */
  captchaRequired: boolean;
  /** …or for these tenants only (so that parallel tests of other tenants are not affected), or one call of a tenant (`allianz/Einladung`). */
  captchaTenants: string[];
  /** Every call waits this long before it answers (a slow backend). */
  delayMs: number;
  /** The calls it names fail (see FAULT_KINDS). */
  fault: Fault | null;
};

type Session = { tenant: string; email: string };

type RewardBooking = { tenant: string; praemieId: number | null; collected: boolean; kundennummer: string | null };
type BankData = { Iban: string; Kontoinhaber: string };

type RecipientRecord = {
  tenant: string;
  empfehlungsnummer: string;
  empfaengernummer: string;
  email: string;
  name: string;
  channel: string | null;
  completed: boolean;
  agbText: string | null;
  iban: string | null;
};

type State = {
  tenants: Record<string, SeedTenant>;
  /** GET route/default: the backend's route names (decision 040). */
  defaultRoutes: Record<string, string>;
  sessions: Map<string, Session>;
  rewardBookings: Map<string, RewardBooking>;
  /** Recipients created through the API, by their token. */
  recipients: Map<string, RecipientRecord>;
  /** Recommender bank data, by `user:<email>` or `reward:<token>`. */
  bankData: Map<string, BankData>;
  recommender: RecommenderState;
  agency: AgencyState;
};

const seedDefaultRoutes = {
  Home: "/",
  Login: "/login",
  Empfehlungscode: "/code",
  PersoenlicherBereich: "/persoenlicherbereich",
  MeineDaten: "/meinedaten",
  EmpfaengerDaten: "/empfaengerdaten",
  FileNotFound: "/404",
};

/** A stand-in product or category picture: the name on a coloured tile. */
/**
 * The tenants' own texts and variables (content/getlanguagecontent, content/variables): keyed by the
 * portal's text keys, shown on top of the portal's texts. FRIDAY offers German only.
 */
const TENANT_CONTENT: Record<
  string,
  { languages: string[]; texts: Record<string, Record<string, string>>; variables: Record<string, string> }
> = {
  telekom: {
    languages: ["de", "en"],
    texts: {
      de: {
        "home_page.howItWorks": "So einfach geht's",
        "contact.intro": "Schreiben Sie uns, oder rufen Sie an: {{Hotline}}. Felder mit * sind Pflichtfelder.",
      },
      en: { "home_page.howItWorks": "As easy as this", "contact.intro": "Write to us, or call {{Hotline}}. Fields marked * are required." },
    },
    variables: { Hotline: "0800 330 1000", Servicezeiten: "Mo–Fr 8–20 Uhr" },
  },
  friday: { languages: ["de"], texts: { de: { "home_page.howItWorks": "So wirbst du Freunde" } }, variables: { Hotline: "0800 44 55 66" } },
};

/** A stand-in product picture: its name on the tenant's colour. */
function catalogueSvg(name: string, size: number, colour: string) {
  // XML text: '&' written as an entity, or the picture would not parse (and not show).
  const text = name
    .replace(/[^\p{L}\d +&-]/gu, "")
    .slice(0, 24)
    .replace(/&/g, "&amp;");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${Math.round(size * 0.6)}" viewBox="0 0 320 192"><rect width="320" height="192" rx="16" fill="${colour}"/><text x="160" y="108" text-anchor="middle" font-family="sans-serif" font-size="26" fill="#fff">${text}</text></svg>`;
}

function legacyError(status: number, Code: string, Message?: string) {
  return HttpResponse.json<LegacyErrorBody>({ Code, Message: Message ?? null }, { status });
}

function bearer(request: Request): string | undefined {
  return request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") || undefined;
}

/** Where a tenant's portal is reached: the backend's MandantUrl, the base of its share links and its registered sign-on return. */
export type PortalOrigin = (tenant: string) => string;
export const localPortalOrigin: PortalOrigin = (tenant) => `http://${tenant}.localhost:3000`;

function freshState(today: Date, portalOrigin: PortalOrigin): State {
  const tenants = seedTenants(today);
  const rewardBookings: State["rewardBookings"] = new Map();
  for (const [id, tenant] of Object.entries(tenants)) {
    tenant.config.MandantUrl = portalOrigin(id);
    for (const token of tenant.rewardTokens.valid)
      rewardBookings.set(token, { tenant: id, praemieId: null, collected: false, kundennummer: null });
  }
  return {
    tenants,
    defaultRoutes: { ...seedDefaultRoutes },
    sessions: new Map(),
    rewardBookings,
    recipients: new Map(),
    bankData: new Map(),
    recommender: freshRecommenderState(tenants),
    agency: freshAgencyState(tenants, today),
  };
}

/** The local paths that start each journey of a tenant (issue: demo entry points). */
function demoLinks(tenant: SeedTenant) {
  const valid = tenant.recommendations.find((item) => item.createdDaysAgo <= 60 && item.status === "Offen") ?? tenant.recommendations[0];
  const expired = tenant.recommendations.find((item) => item.createdDaysAgo > 60);
  return {
    recipient: `/empfaengerdaten/${valid.empfehlungsnummer}?channel=mail`,
    recipientExpired: expired ? `/empfaengerdaten/${expired.empfehlungsnummer}` : null,
    offlineCode: `/code?code=${Object.keys(tenant.offlineCodes)[0]}`,
    rewardPickup: `/praemie?token=${tenant.rewardTokens.valid[0]}`,
    rewardPickupExpired: `/praemie?token=${tenant.rewardTokens.expired[0]}`,
    customerNumber: `/kundennummer?token=${tenant.rewardTokens.valid[1]}`,
    register: "/registrieren",
    forgottenPassword: "/passwortvergessen",
    newsletterOptOut: `/empfehler/newsletter/optout?token=${tenant.mailedTokens.newsletter[tenant.users[0].email]}`,
    newsletterOptIn: `/empfehler/newsletter/optin?token=${tenant.mailedTokens.newsletter[tenant.users[1].email]}`,
    expiredPasswordLink: `/passwortsetzen?token=${tenant.mailedTokens.expiredReset}`,
    recommend: `/empfehlen/${tenant.products[1].Id}`,
  };
}

type SimulatorOptions = { today?: () => Date; portalOrigin?: PortalOrigin };

export function createLegacySimulator({ today = () => new Date(), portalOrigin = localPortalOrigin }: SimulatorOptions = {}) {
  let state = freshState(today(), portalOrigin);
  const switches: LegacySwitches = { captchaRequired: false, captchaTenants: [], delayMs: 0, fault: null };
  /** How often each `METHOD /path` was called since the last reset, for tests. */
  const calls = new Map<string, number>();
  /** Landings counted per recommendation number (PUT /empfehlung/{id}). */
  const landings = new Map<string, number>();

  /** Checks the headers every legacy call must carry; returns an error reply or null. */
  function checkHeaders(request: Request): Response | null {
    const key = `${request.method} ${new URL(request.url).pathname}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
    if (request.headers.get("x-requested-with") !== "XMLHttpRequest") return legacyError(400, "PSOF0001", "X-Requested-With missing");
    if (request.headers.get("authorization") !== request.headers.get("x-authorization")) {
      return legacyError(401, "PSOF0103", "Authorization and X-Authorization differ");
    }
    return null;
  }

  function faultFor(request: Request) {
    const fault = switches.fault;
    return fault && `${request.method} ${new URL(request.url).pathname}`.includes(fault.path) ? fault : null;
  }

  /** The reply of a call that the switched-on fault names, or null to answer it normally. */
  async function faultReply(request: Request): Promise<Response | null> {
    const fault = faultFor(request);
    if (!fault) return null;
    switch (fault.kind) {
      case "slow":
        await delay(fault.ms ?? SLOW_FAULT_MS);
        return request.signal.aborted ? HttpResponse.error() : null;
      case "error500":
        return legacyError(500, "PSOF0001", "switched to fail");
      case "malformed":
        return new HttpResponse('{"Code": "PSOF00', { status: 200, headers: { "content-type": "application/json" } });
      case "contract":
        return HttpResponse.json({ Unerwartet: [true] });
      case "sessionExpired":
        return legacyError(401, "PSOF0204", "session ended");
      case "notImplemented":
        // An older backend without the call: a bare 404, as a web server answers an unknown path.
        return new HttpResponse(null, { status: 404 });
      case "refused":
        return legacyError(400, fault.code ?? "PSOF0001", "switched to refuse");
    }
  }

  function tenantFrom(request: Request, route?: string) {
    const id = route ?? request.headers.get("x-mandant") ?? "";
    return state.tenants[id] ? { id, tenant: state.tenants[id] } : null;
  }

  /** Wraps a resolver with the header check and the tenant lookup (route param or X-Mandant). */
  function legacy(
    resolve: (args: {
      request: Request;
      params: Record<string, string>;
      tenantId: string;
      tenant: SeedTenant;
    }) => Response | Promise<Response>,
  ) {
    return async ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
      if (switches.delayMs > 0) await delay(switches.delayMs);
      const failed = (await faultReply(request)) ?? checkHeaders(request);
      if (failed) return failed;
      const flat = params as Record<string, string>;
      const found = tenantFrom(request, flat.route);
      if (!found) return legacyError(404, "PSOF0001", "unknown tenant");
      return resolve({ request, params: flat, tenantId: found.id, tenant: found.tenant });
    };
  }

  function userFor(request: Request, tenantId: string): SeedUser | null {
    const session = state.sessions.get(bearer(request) ?? "");
    if (!session || session.tenant !== tenantId) return null;
    return state.tenants[tenantId].users.find((user) => user.email === session.email) ?? null;
  }

  type BookingLookup = { error: Response } | { booking: RewardBooking; token: string };

  function rewardBookingFor(request: Request, tenantId: string): BookingLookup {
    const token = bearer(request) ?? "";
    if (state.tenants[tenantId].rewardTokens.expired.includes(token)) return { error: legacyError(401, "PSOF0216") };
    const booking = state.rewardBookings.get(token);
    if (!booking || booking.tenant !== tenantId) return { error: legacyError(401, "PSOF0215") };
    return { booking, token };
  }

  type Resolver = Parameters<typeof legacy>[0];
  type ResolverArgs = Parameters<Resolver>[0];

  const usedAdminTokens = new Set<string>();

  function loginReply(tenantId: string, user: SeedUser) {
    const token = randomBytes(24).toString("hex");
    state.sessions.set(token, { tenant: tenantId, email: user.email });
    return HttpResponse.json({
      Email: user.email,
      Anrede: user.anrede,
      Vorname: user.vorname,
      Nachname: user.nachname,
      Empfehlerhash: randomBytes(8).toString("hex"),
      Token: token,
      NewsletterOptinGegeben: user.newsletterPermission,
      NewsletterOptinVersendetAm: user.newsletterOptinSentAt,
      Language: user.language,
    });
  }

  function recommendationReply(tenant: SeedTenant, empfehlungsnummer: string) {
    const found = tenant.recommendations.find((item) => item.empfehlungsnummer === empfehlungsnummer);
    if (!found) return legacyError(404, "PSOF0219");
    const recommender = found.recommenderName ?? tenant.users.find((user) => user.email === found.recommenderEmail)!;
    return HttpResponse.json({
      Empfehlungsnummer: found.empfehlungsnummer,
      AnteilEmpfehler: found.anteilEmpfehler,
      Empfehler: { Vorname: recommender.vorname, Nachname: recommender.nachname, Email: found.recommenderEmail },
      AgbAkzeptiert: found.agbAccepted,
      ErstelltAm: isoDay(-found.createdDaysAgo, today()),
      Produkt: { Id: found.productId, Name: found.productName },
      ...recommendationLinks(tenant, found.empfehlungsnummer),
    });
  }

  function recommendationByLink(tenant: SeedTenant, id: string, hex: string) {
    return Buffer.from(id, "utf8").toString("hex") === hex.toLowerCase() ? recommendationReply(tenant, id) : legacyError(404, "PSOF0219");
  }

  /** A call that needs the user token of a logged-in recommender of this tenant. */
  function asUser(resolve: (args: ResolverArgs & { user: SeedUser }) => Response | Promise<Response>) {
    return legacy((args) => {
      const user = userFor(args.request, args.tenantId);
      return user ? resolve({ ...args, user }) : legacyError(401, "PSOF0103");
    });
  }

  /** A call that needs the token of a recipient this simulator created for this tenant. */
  function asRecipient(resolve: (args: ResolverArgs & { recipient: RecipientRecord }) => Response | Promise<Response>) {
    return legacy((args) => {
      const recipient = state.recipients.get(bearer(args.request) ?? "");
      return recipient && recipient.tenant === args.tenantId ? resolve({ ...args, recipient }) : legacyError(401, "PSOF0103");
    });
  }

  /** Recommender calls accept the user token, or the reward token of a pickup. */
  function bankOwner(request: Request, tenantId: string) {
    const user = userFor(request, tenantId);
    if (user) return `user:${user.email}`;
    const found = rewardBookingFor(request, tenantId);
    return "error" in found ? null : `reward:${found.token}`;
  }

  function asBankOwner(resolve: (args: ResolverArgs & { owner: string }) => Response | Promise<Response>) {
    return legacy((args) => {
      const owner = bankOwner(args.request, args.tenantId);
      return owner ? resolve({ ...args, owner }) : legacyError(401, "PSOF0103");
    });
  }

  function followable(recommendation: SeedRecommendation | undefined) {
    return recommendation && recommendation.createdDaysAgo <= 60 && recommendation.status !== "Storniert";
  }

  /** A call that needs a valid reward token of this tenant. */
  function withRewardToken(resolve: (args: ResolverArgs & { booking: RewardBooking; token: string }) => Response | Promise<Response>) {
    return legacy((args) => {
      const found = rewardBookingFor(args.request, args.tenantId);
      return "error" in found ? found.error : resolve({ ...args, ...found });
    });
  }

  function agentFor(request: Request, tenantId: string) {
    const session = state.agency.tokens.get(bearer(request) ?? "");
    if (!session || session.tenant !== tenantId) return null;
    return state.tenants[tenantId].agencyUsers.find((user) => user.login === session.login)?.agentNumber ?? null;
  }

  const kit = {
    legacy,
    asUser,
    userFor,
    agentFor,
    isListedAgent: (tenantId: string, externeId: string) =>
      (state.agency.agents.get(tenantId) ?? []).some((agent) => agent.ExterneId === externeId),
    loginReply,
    legacyError,
    bearer,
    state: () => state.recommender,
    captchaRequired: (tenantId: string, call?: string) =>
      switches.captchaRequired ||
      switches.captchaTenants.includes(tenantId) ||
      (call !== undefined && switches.captchaTenants.includes(`${tenantId}/${call}`)),
  };
  const handlers: HttpHandler[] = [
    ...recommenderHandlers(kit),
    ...contactHandlers(kit),
    ...agencyHandlers({ ...kit, agency: () => state.agency, tenants: () => state.tenants, today }),
    http.get(
      "*/api/v1/mandant/:route",
      legacy(({ tenant }) => HttpResponse.json(tenant.config)),
    ),
    http.get(
      "*/api/v1/route/default",
      legacy(() => HttpResponse.json(state.defaultRoutes)),
    ),
    http.get(
      "*/api/v1/aktion/alleAktiven",
      legacy(({ tenantId }) =>
        // The standard tenant's backend predates campaigns: the endpoint is missing there.
        tenantId === "standard"
          ? new HttpResponse(null, { status: 404 })
          : HttpResponse.json([
              {
                AktionsId: 1,
                Titel: "Herbstaktion",
                Text: "Doppelte Prämie bis Monatsende.",
                RechtsText: "Teilnahmebedingungen gelten.",
                abgehakt: false,
                Zustimmung: false,
              },
            ]),
      ),
    ),
    http.get(
      "*/api/v1/praemie",
      legacy(({ tenant }) => HttpResponse.json(tenant.rewards)),
    ),
    http.get(
      "*/api/v1/praemie/:id/:kind",
      legacy(({ params, tenant }) => {
        const reward = tenant.rewards.find((item) => String(item.Id) === params.id);
        const size = params.kind === "grafik100" ? 100 : 50;
        if (!reward || !/^grafik(100|50|50empfehler|50empfaenger)$/.test(params.kind)) return legacyError(404, "PSOF0001");
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size * 2}" height="${size * 2}" viewBox="0 0 200 200"><rect width="200" height="200" rx="24" fill="#f2c94c"/><text x="100" y="115" text-anchor="middle" font-family="sans-serif" font-size="40">${reward.Wert.replace(/[^\w €]/g, "")}</text></svg>`;
        return new HttpResponse(svg, { headers: { "content-type": "image/svg+xml" } });
      }),
    ),
    http.get(
      "*/api/v1/empfehlen/:no",
      legacy(({ params, tenant }) => recommendationReply(tenant, params.no)),
    ),
    http.post(
      "*/api/v1/empfaenger/create/:no",
      legacy(async ({ request, params, tenantId, tenant }) => {
        const recommendation = tenant.recommendations.find((item) => item.empfehlungsnummer === params.no);
        if (!followable(recommendation)) return legacyError(410, "PSOF0219");
        const body = (await request.json().catch(() => null)) as { Email?: string; Vorname?: string; Name?: string } | null;
        if (!body?.Email || !body.Vorname || !body.Name) return legacyError(400, "PSOF0205");
        const email = body.Email.toLowerCase();
        const selfRecommendation = email === recommendation!.recommenderEmail.toLowerCase();
        if (selfRecommendation && !tenant.config.AllowSelfRecommendation) return legacyError(400, "PSOF0207");
        const existing = [...state.recipients.entries()].find(
          ([, item]) => item.tenant === tenantId && item.empfehlungsnummer === params.no && item.email === email,
        );
        if (existing) return HttpResponse.json({ Empfaengernummer: existing[1].empfaengernummer, Token: existing[0] });
        const empfaengernummer = `${params.no.split("-")[0]}-E-${500000 + tenant.recipients.length + 1}`;
        const token = randomBytes(24).toString("hex");
        tenant.recipients.push(empfaengernummer);
        const channel = new URL(request.url).searchParams.get("channel");
        state.recipients.set(token, {
          tenant: tenantId,
          empfehlungsnummer: params.no,
          empfaengernummer,
          email,
          name: body.Name,
          channel,
          completed: false,
          agbText: null,
          iban: null,
        });
        return HttpResponse.json({ Empfaengernummer: empfaengernummer, Token: token });
      }),
    ),
    http.post(
      "*/api/v1/tracking/abschliessen",
      legacy(async ({ request, tenantId }) => {
        const body = (await request.json().catch(() => null)) as {
          empfehlungsnummer?: string;
          empfaengernummer?: string;
          empfaengerdaten?: unknown;
        } | null;
        const recipient = [...state.recipients.values()].find(
          (item) =>
            item.tenant === tenantId &&
            item.empfaengernummer === body?.empfaengernummer &&
            item.empfehlungsnummer === body?.empfehlungsnummer,
        );
        if (!recipient || !body?.empfaengerdaten) return legacyError(400, "PSOF0001", "unknown recipient");
        recipient.completed = true;
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.put(
      "*/api/v1/empfaenger/zustimmung",
      asRecipient(async ({ request, recipient }) => {
        const body = (await request.json().catch(() => null)) as { AgbText?: string } | null;
        if (!body?.AgbText) return legacyError(400, "PSOF0208");
        recipient.agbText = body.AgbText;
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.post(
      "*/api/v1/empfaenger/bankdaten",
      asRecipient(async ({ request, recipient, tenant }) => {
        const body = (await request.json().catch(() => null)) as { Iban?: string; Kontoinhaber?: string } | null;
        if (!body?.Kontoinhaber || !isValidIban(body.Iban ?? "", { germanOnly: tenant.config.ModuleIBANNurDE }))
          return legacyError(400, "PSOF0217");
        recipient.iban = body.Iban!;
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.get(
      "*/api/v1/empfaenger/auftrag",
      asRecipient(({ recipient, tenant }) => {
        const recommendation = tenant.recommendations.find((item) => item.empfehlungsnummer === recipient.empfehlungsnummer)!;
        return HttpResponse.json({
          Empfehlungsnummer: recipient.empfehlungsnummer,
          Produkt: recommendation.productName,
          Status: recipient.completed ? "InBearbeitung" : "Eingegangen",
          AgbAkzeptiert: recipient.agbText !== null,
          BankdatenHinterlegt: recipient.iban !== null,
        });
      }),
    ),
    http.get(
      "*/api/v1/empfaenger/:number/praemie",
      asRecipient(({ params, recipient, tenant }) => {
        if (params.number !== recipient.empfehlungsnummer) return legacyError(403, "PSOF0103");
        const recommendation = tenant.recommendations.find((item) => item.empfehlungsnummer === recipient.empfehlungsnummer)!;
        const share = 100 - recommendation.anteilEmpfehler;
        return HttpResponse.json({ AnteilProzent: share, WertCent: Math.round((tenant.config.MaxEmpfaengerPraemieCent * share) / 100) });
      }),
    ),
    http.get(
      "*/api/v1/empfaenger/:hex",
      legacy(({ params, tenant }) => {
        const number = /^[0-9a-f]+$/i.test(params.hex) ? Buffer.from(params.hex, "hex").toString("utf8") : "";
        return tenant.recipients.includes(number) ? HttpResponse.json({ Empfaengernummer: number }) : legacyError(404, "PSOF0219");
      }),
    ),
    http.get(
      "*/api/v1/:route/produktkategorie",
      legacy(({ tenant }) => HttpResponse.json(tenant.categories)),
    ),
    http.get(
      "*/api/v1/:route/produkt",
      legacy(({ request, tenant }) => {
        const category = new URL(request.url).searchParams.get("kategorie");
        return HttpResponse.json(category ? tenant.products.filter((product) => product.Gruppe === category) : tenant.products);
      }),
    ),
    http.get(
      "*/api/v1/content/getlanguages",
      legacy(({ tenantId }) => HttpResponse.json(TENANT_CONTENT[tenantId]?.languages ?? ["de", "en"])),
    ),
    http.get(
      "*/api/v1/content/getlanguagecontent/:language",
      legacy(({ params, tenantId }) => HttpResponse.json(TENANT_CONTENT[tenantId]?.texts[params.language] ?? {})),
    ),
    http.get(
      "*/api/v1/content/variables",
      legacy(({ tenantId }) => HttpResponse.json(TENANT_CONTENT[tenantId]?.variables ?? {})),
    ),
    http.post(
      "*/api/v1/content/variables/:page",
      legacy(async ({ request, tenantId }) => {
        const body = (await request.json().catch(() => null)) as { Namen?: unknown } | null;
        const names = Array.isArray(body?.Namen) ? body.Namen.map(String) : [];
        const variables = TENANT_CONTENT[tenantId]?.variables ?? {};
        return HttpResponse.json(Object.fromEntries(names.filter((name) => name in variables).map((name) => [name, variables[name]])));
      }),
    ),
    http.get(
      "*/api/v1/:route/produkt/extern/:externeId",
      legacy(({ params, request, tenant }) => {
        if (!new URL(request.url).searchParams.get("quelle")) return legacyError(400, "PSOF0001", "quelle is required");
        const product = tenant.products.find((item) => (item.ExterneId ?? String(item.Id)) === params.externeId);
        return product ? HttpResponse.json(product) : legacyError(404, "PSOF0001", "unknown external product id");
      }),
    ),
    http.get(
      "*/api/v1/:route/produkt/maxpraemiewert",
      legacy(({ tenant }) => {
        const day = isoDay(0, today());
        const valid = tenant.rewards.filter((reward) => reward.Startdatum <= day && (!reward.Enddatum || reward.Enddatum >= day));
        return HttpResponse.json({ MaxPraemienwertCent: Math.max(0, ...valid.map((reward) => reward.WertCent)) });
      }),
    ),
    http.get(
      "*/api/v1/:route/produkt/handytarife/:id",
      legacy(({ params, tenant }) => HttpResponse.json(tenant.mobileOffers.filter((offer) => String(offer.TarifId) === params.id))),
    ),
    ...(["produkt", "produktkategorie"] as const).map((kind) =>
      http.get(
        `*/api/v1/:route/${kind}/:id/:picture`,
        legacy(({ params, tenant }) => {
          const owner = (kind === "produkt" ? tenant.products : tenant.categories).find((item) => String(item.Id) === params.id);
          if (!owner || !["grafik", "sgrafik", "icon"].includes(params.picture)) return legacyError(404, "PSOF0001");
          const size = params.picture === "icon" ? 48 : params.picture === "sgrafik" ? 120 : 320;
          return new HttpResponse(catalogueSvg(owner.Name, size, tenant.config.Farbe ?? "#1f4e79"), {
            headers: { "content-type": "image/svg+xml" },
          });
        }),
      ),
    ),
    http.get(
      "*/api/v1/:route/produkt/:id",
      legacy(({ params, tenant }) => {
        const product = tenant.products.find((item) => String(item.Id) === params.id);
        return product ? HttpResponse.json(product) : legacyError(404, "PSOF0001", "unknown product");
      }),
    ),
    http.get(
      "*/api/v1/:route/empfehlen/any/:id/:hex",
      legacy(({ params, tenant }) => recommendationByLink(tenant, params.id, params.hex)),
    ),
    http.get(
      "*/api/v1/:route/empfehlen/:id/:hex",
      legacy(({ params, tenant }) => recommendationByLink(tenant, params.id, params.hex)),
    ),
    http.put(
      "*/api/v1/:route/empfehlung/:id",
      legacy(({ params, tenant }) => {
        const found = tenant.recommendations.find((item) => item.empfehlungsnummer === params.id);
        if (!found) return legacyError(404, "PSOF0219");
        landings.set(params.id, (landings.get(params.id) ?? 0) + 1);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.get(
      "*/api/v1/:route/empfehlung/:id/produkt/produktlink",
      legacy(({ params, tenant, request }) => {
        const found = tenant.recommendations.find((item) => item.empfehlungsnummer === params.id);
        if (!found) return legacyError(404, "PSOF0219");
        const channel = new URL(request.url).searchParams.get("channel") ?? "";
        return HttpResponse.json({
          Url: `https://www.${tenant.config.Mandant}.example/produkte/${found.productId}?channel=${encodeURIComponent(channel)}`,
        });
      }),
    ),
    http.get(
      "*/api/v1/:route/empfehlung/empfehlungscode/:code",
      legacy(({ params, tenant }) => {
        const number = tenant.offlineCodes[params.code.toUpperCase()];
        return number ? HttpResponse.json({ Empfehlungsnummer: number }) : legacyError(404, "PSOF0219");
      }),
    ),
    http.post(
      "*/api/v1/:route/account/login",
      legacy(async ({ request, tenantId, tenant }) => {
        const body = (await request.json().catch(() => ({}))) as { Email?: string; Password?: string };
        const user = tenant.users.find((item) => item.email.toLowerCase() === String(body.Email ?? "").toLowerCase());
        if (!user) return legacyError(401, "PSOF0107");
        if (user.password !== body.Password) return legacyError(401, "PSOF0101");
        if (user.blockedCode) return legacyError(403, user.blockedCode);
        return loginReply(tenantId, user);
      }),
    ),
    http.get(
      "*/api/v1/:route/account/login",
      legacy(({ request, tenantId, tenant }) => {
        const token = new URL(request.url).searchParams.get("token") ?? "";
        // In autologin mode the tenant's site hands out tokens the portal keeps and uses again.
        if (usedAdminTokens.has(token) && !tenant.config.IsAutologin) return legacyError(401, "PSOF0206");
        if (!tenant.adminLoginTokens.includes(token)) return legacyError(401, "PSOF0103");
        usedAdminTokens.add(token);
        return loginReply(tenantId, tenant.users[0]);
      }),
    ),
    http.get(
      "*/api/v1/:route/account/user",
      asUser(({ user }) =>
        HttpResponse.json({
          Vorname: user.vorname,
          Nachname: user.nachname,
          Email: user.email,
          newsletterpermission: user.newsletterPermission,
          newsletterpermissionversendetam: user.newsletterOptinSentAt,
        }),
      ),
    ),
    http.delete(
      "*/api/v1/:route/empfehler/delete",
      asUser(({ user, tenant }) => {
        tenant.users = tenant.users.filter((item) => item !== user);
        for (const [token, session] of state.sessions) if (session.email === user.email) state.sessions.delete(token);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    // The insurance programme's list on its product route, and the tenant portal's on the default base.
    ...["*/api/v1/:route/empfehler/empfehlungen", "*/api/v1/Empfehler/empfehlungen"].map((path) =>
      http.get(
        path,
        asUser(({ user, tenant }) =>
          HttpResponse.json(
            tenant.recommendations
              .filter((item) => item.recommenderEmail === user.email)
              .map((item) => ({
                Empfehlungsnummer: item.empfehlungsnummer,
                Produkt: item.productName,
                EmpfaengerName: item.recipientName,
                ErstelltAm: isoDay(-item.createdDaysAgo, today()),
                Status: item.status,
                PraemienStatus: item.payoutStatus,
              })),
          ),
        ),
      ),
    ),
    http.get(
      "*/api/v1/:route/empfehler/praemierungmail/:number",
      asUser(({ params, user, tenant, tenantId }) => {
        const waiting = tenant.recommendations.find(
          (item) =>
            item.empfehlungsnummer === params.number && item.recommenderEmail === user.email && item.payoutStatus === "Bereitgestellt",
        );
        if (!waiting) return legacyError(404, "PSOF0001", "no reward waiting for this recommendation");
        // A fresh reward link, as the backend's reward mail carries one.
        const token = `rwd-${tenantId}-mail-${randomBytes(8).toString("hex")}`;
        state.rewardBookings.set(token, { tenant: tenantId, praemieId: null, collected: false, kundennummer: null });
        state.recommender.outbox.push({
          to: user.email,
          kind: "reward",
          link: `/praemie?token=${token}`,
          sentAt: new Date().toISOString(),
        });
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.get(
      "*/api/v1/:route/praemierung/showbanner/:banner",
      withRewardToken(({ params, tenant }) => HttpResponse.json({ ShowBanner: params.banner === "BannerTEZuTP" && tenant.showBanner })),
    ),
    http.get(
      "*/api/v1/:route/praemierung",
      withRewardToken(({ tenant, booking, token }) => {
        const reward = tenant.rewards.find((item) => item.Id === booking.praemieId) ?? null;
        return HttpResponse.json({ praemierungstoken: token, Praemie: reward, Abgeholt: booking.collected });
      }),
    ),
    http.put(
      "*/api/v1/:route/praemierung",
      withRewardToken(async ({ request, tenant, booking }) => {
        if (booking.collected) return legacyError(409, "PSOF0209");
        const body = (await request.json().catch(() => null)) as { Praemie?: { Id?: number } } | null;
        const day = isoDay(0, today());
        const reward = tenant.rewards.find(
          (item) => item.Id === body?.Praemie?.Id && item.Startdatum <= day && (!item.Enddatum || item.Enddatum >= day),
        );
        if (!reward) return legacyError(400, "PSOF0001", "no such reward today");
        booking.praemieId = reward.Id;
        booking.collected = true;
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.get(
      "*/api/v1/:route/empfehler/GetResultFromKundennummer",
      withRewardToken(({ booking }) => HttpResponse.json({ Kundennummer: booking.kundennummer })),
    ),
    http.put(
      "*/api/v1/:route/empfehler/SetKundennummerForEmpfehler/:nr",
      withRewardToken(({ params, booking }) => {
        if (!/^[A-Z0-9-]{4,20}$/i.test(params.nr)) return legacyError(400, "PSOF0001", "invalid customer number");
        booking.kundennummer = params.nr;
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.get(
      "*/api/v1/:route/empfehler/bankdaten",
      asBankOwner(({ owner }) => HttpResponse.json(state.bankData.get(owner) ?? { Iban: null, Kontoinhaber: null })),
    ),
    http.put(
      "*/api/v1/:route/empfehler/bankdaten",
      asBankOwner(async ({ request, owner, tenant }) => {
        const body = (await request.json().catch(() => null)) as Partial<BankData> | null;
        if (!body?.Kontoinhaber || !isValidIban(body.Iban ?? "", { germanOnly: tenant.config.ModuleIBANNurDE }))
          return legacyError(400, "PSOF0217");
        state.bankData.set(owner, { Iban: body.Iban!, Kontoinhaber: body.Kontoinhaber });
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.delete(
      "*/api/v1/:route/empfehler/bankdaten",
      asBankOwner(({ owner }) => {
        state.bankData.delete(owner);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  ];

  return {
    handlers,
    switches,
    callsTo: (method: string, path: string) => calls.get(`${method} ${path}`) ?? 0,
    landingsOf: (empfehlungsnummer: string) => landings.get(empfehlungsnummer) ?? 0,
    /** Changes a tenant's configuration until the next reset (module flags, for tests and demos). */
    overrideConfig(tenant: string, changes: Partial<SeedTenant["config"]>) {
      Object.assign(state.tenants[tenant].config, changes);
    },
    /** Lets a recommendation expire now (past its 60 days), until the next reset. */
    expireRecommendation(tenant: string, empfehlungsnummer: string) {
      const recommendation = state.tenants[tenant].recommendations.find((item) => item.empfehlungsnummer === empfehlungsnummer);
      if (recommendation) recommendation.createdDaysAgo = 61;
    },
    /** Changes the backend's route names (GET route/default) until the next reset. */
    overrideDefaultRoutes(changes: Record<string, string>) {
      Object.assign(state.defaultRoutes, changes);
    },
    /** The mails the backend sent since the last reset, newest last; optionally to one address or of one kind. */
    mails: (filter: { to?: string; kind?: MailKind } = {}) =>
      state.recommender.outbox.filter(
        (mail) => (!filter.to || mail.to === filter.to.toLowerCase()) && (!filter.kind || mail.kind === filter.kind),
      ),
    /** A tenant's recommendations as the simulator holds them (seeded and created), for tests. */
    recommendationsOf: (tenant: string) => [...(state.tenants[tenant]?.recommendations ?? [])],
    /** The messages sent through the contact form since the last reset. */
    contactMessages: () => [...state.recommender.contactMessages],
    /** The recipients created through the API so far, for tests. */
    createdRecipients: () => [...state.recipients.values()],
    /** Back to the seed: fresh data, every switch off. */
    reset() {
      state = freshState(today(), portalOrigin);
      usedAdminTokens.clear();
      calls.clear();
      landings.clear();
      switches.captchaRequired = false;
      switches.captchaTenants = [];
      switches.delayMs = 0;
      switches.fault = null;
    },
    /** The seeded demo entry points, keyed by tenant id (served at GET /__demo). */
    demo() {
      return Object.fromEntries(
        Object.entries(state.tenants).map(([id, tenant]) => [
          id,
          {
            name: tenant.config.Name,
            portal: `${tenant.config.MandantUrl}/`,
            logins: tenant.users.filter((user) => !user.blockedCode).map(({ email, password }) => ({ email, password })),
            blockedLogins: tenant.users.filter((user) => user.blockedCode).map(({ email, password }) => ({ email, password })),
            recommendations: {
              valid: tenant.recommendations.filter((item) => item.createdDaysAgo <= 60).map((item) => item.empfehlungsnummer),
              expired: tenant.recommendations.filter((item) => item.createdDaysAgo > 60).map((item) => item.empfehlungsnummer),
            },
            offlineCodes: Object.keys(tenant.offlineCodes),
            rewardTokens: tenant.rewardTokens.valid,
            expiredRewardTokens: tenant.rewardTokens.expired,
            adminLoginTokens: tenant.adminLoginTokens,
            agencyUsers: tenant.agencyUsers.map(({ login, password, role }) => ({ login, password, role })),
            links: demoLinks(tenant),
          },
        ]),
      );
    },
  };
}
export type LegacySimulator = ReturnType<typeof createLegacySimulator>;
