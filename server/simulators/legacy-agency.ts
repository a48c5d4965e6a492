// The agency side of the legacy API simulator: a stand-in identity provider
// for the agency single sign-on (authorization code with PKCE), the agency token, the reports
// with server paging, order release, invitations (with the backend's captcha) and the agents.
import { createHash, randomBytes } from "node:crypto";
import { http, type HttpHandler, HttpResponse } from "msw";
import { type AgencyPermission, agencyPermissions } from "../../bff/agency/agency-roles";
import { captchaTools, mailer, type SimulatorKit } from "./legacy-recommender";
import { isoDay, type SeedTenant } from "./legacy-seed";

type AgencyUser = SeedTenant["agencyUsers"][number];
type Row = Record<string, string | number | boolean | null>;

export type Agent = { ExterneId: string; LastName: string; FirstName: string; ZipCode: string; City: string; Photo: string };

export type AgencyState = {
  /** Authorization codes of the identity provider: single use, one minute. */
  codes: Map<
    string,
    { tenant: string; login: string; challenge: string; nonce: string; redirectUri: string; issuedAt: number; used: boolean }
  >;
  /** Agency tokens issued by PUT agentur/sso. */
  tokens: Map<string, { tenant: string; login: string }>;
  reports: Map<string, AgencyReports>;
  agents: Map<string, Agent[]>;
};

export type AgencyReports = {
  empfehlungen: Row[];
  leads: Row[];
  auftraege: Row[];
  einladungen: Row[];
  rechnungen: Row[];
  mitarbeiter: Row[];
};

const CODE_VALIDITY_MS = 60_000;
const FIRST_NAMES = [
  "Anna",
  "Ben",
  "Clara",
  "David",
  "Emma",
  "Felix",
  "Greta",
  "Hannes",
  "Ida",
  "Jonas",
  "Karla",
  "Leon",
  "Mia",
  "Noah",
  "Olivia",
  "Paul",
];
const LAST_NAMES = ["Schmidt", "Müller", "Weber", "Wagner", "Becker", "Hoffmann", "Schulz", "Koch", "Richter", "Klein", "Wolf", "Neumann"];
const PRODUCTS = ["Kfz-Versicherung", "Privathaftpflicht", "Hausratversicherung"];

const nameAt = (index: number) => ({
  Vorname: FIRST_NAMES[index % FIRST_NAMES.length],
  Nachname: LAST_NAMES[(index * 5) % LAST_NAMES.length],
});

/** Reports of one agency, spread over the last year so that period filters and sorting show something. */
export function seedAgencyReports(tenant: SeedTenant, today: Date): AgencyReports {
  const code = tenant.recommendations[0].empfehlungsnummer.split("-")[0];
  const day = (index: number) => isoDay(-((index * 17) % 360) - 1, today);
  const empfehlungen = Array.from({ length: 23 }, (_, index) => ({
    Empfehlernummer: `E-${3001 + index}`,
    ...nameAt(index),
    Email: `empfehler${index + 1}@example.org`,
    Empfehlungen: (index % 4) + 1,
    ErstelltAm: day(index),
  }));
  const leads = Array.from({ length: 17 }, (_, index) => ({
    Empfehlungsnummer: `${code}-${400001 + index}`,
    ...nameAt(index + 3),
    Produkt: PRODUCTS[index % PRODUCTS.length],
    Empfehler: `${nameAt(index).Vorname} ${nameAt(index).Nachname}`,
    ErstelltAm: day(index + 2),
  }));
  const auftraege = Array.from({ length: 14 }, (_, index) => ({
    Empfehlungsnummer: `${code}-${400001 + index}`,
    Empfaengernummer: `R-${7001 + index}`,
    Kunde: `${nameAt(index + 3).Vorname} ${nameAt(index + 3).Nachname}`,
    Produkt: PRODUCTS[index % PRODUCTS.length],
    Auftragsdatum: day(index + 1),
    Status: index % 3 === 0 ? "Freigegeben" : "Offen",
  }));
  const einladungen = Array.from({ length: 8 }, (_, index) => ({
    ...nameAt(index + 7),
    Email: `eingeladen${index + 1}@example.org`,
    Art: index % 2 === 0 ? "Kunde" : "Interessent",
    Mitarbeiternummer: index % 3 === 0 ? "M-02" : "M-01",
    EingeladenAm: day(index + 4),
    Status: index % 4 === 0 ? "Registriert" : "Offen",
  }));
  const rechnungen = Array.from({ length: 6 }, (_, index) => ({
    Rechnungsnummer: `RE-2026-${String(index + 1).padStart(3, "0")}`,
    Datum: isoDay(-30 * (index + 1), today),
    BetragCent: 5000 * ((index % 3) + 1),
    Status: index === 0 ? "Offen" : "Bezahlt",
  }));
  const mitarbeiter = tenant.agencyUsers.map((user, index) => ({
    Mitarbeiternummer: `M-${String(index + 1).padStart(2, "0")}`,
    Name: user.name,
    Email: user.login,
    Rolle: user.role,
  }));
  return { empfehlungen, leads, auftraege, einladungen, rechnungen, mitarbeiter };
}

const CITIES = [
  ["10115", "Berlin"],
  ["20095", "Hamburg"],
  ["80331", "München"],
  ["50667", "Köln"],
  ["60311", "Frankfurt am Main"],
  ["70173", "Stuttgart"],
  ["04109", "Leipzig"],
];

/** The agency's agents (Produkt/berater): fourteen, so that the list has three pages of six. */
function seedAgents(): Agent[] {
  return Array.from({ length: 14 }, (_, index) => {
    const [ZipCode, City] = CITIES[index % CITIES.length];
    const ExterneId = `AG-${2001 + index}`;
    return {
      ExterneId,
      FirstName: nameAt(index + 1).Vorname,
      LastName: nameAt(index + 1).Nachname,
      ZipCode,
      City,
      Photo: `Produkt/berater/${ExterneId}/foto`,
    };
  });
}

export function freshAgencyState(tenants: Record<string, SeedTenant>, today: Date): AgencyState {
  const agencies = Object.entries(tenants).filter(([, tenant]) => tenant.agencyUsers.length > 0);
  return {
    codes: new Map(),
    tokens: new Map(),
    reports: new Map(agencies.map(([id, tenant]) => [id, seedAgencyReports(tenant, today)])),
    agents: new Map(agencies.map(([id]) => [id, seedAgents()])),
  };
}

function agentPhoto(agent: Agent) {
  const initials = `${agent.FirstName[0]}${agent.LastName[0]}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><rect width="160" height="160" rx="80" fill="#003781"/><text x="80" y="96" text-anchor="middle" font-family="sans-serif" font-size="52" fill="#fff">${initials}</text></svg>`;
}

const base64url = (buffer: Buffer) => buffer.toString("base64url");
const challengeOf = (verifier: string) => base64url(createHash("sha256").update(verifier).digest());

type ReportQuery = { OrderBy?: string; Descending?: boolean; Pagesize?: number; Pagenumber?: number; Filter?: string };

/** Server paging as the legacy API does it: filter on any text, sort by a column, then one page. */
export function pageOf<T extends Record<string, unknown>>(rows: T[], query: ReportQuery) {
  const filter = String(query.Filter ?? "")
    .trim()
    .toLowerCase();
  const filtered = filter
    ? rows.filter((row) =>
        Object.values(row).some((value) =>
          String(value ?? "")
            .toLowerCase()
            .includes(filter),
        ),
      )
    : rows;
  const column = query.OrderBy && rows[0] && Object.hasOwn(rows[0], query.OrderBy) ? query.OrderBy : null;
  const sorted = column
    ? [...filtered].sort(
        (a, b) => String(a[column]).localeCompare(String(b[column]), "de", { numeric: true }) * (query.Descending ? -1 : 1),
      )
    : filtered;
  const size = Math.min(Math.max(Number(query.Pagesize) || 10, 1), 1000);
  const pageCount = Math.max(Math.ceil(sorted.length / size), 1);
  const page = Math.min(Math.max(Number(query.Pagenumber) || 1, 1), pageCount);
  return {
    Content: sorted.slice((page - 1) * size, page * size),
    HasNext: page < pageCount,
    PageCount: pageCount,
    TotalCount: sorted.length,
  };
}

/** Rows within the period of `x`: 'alle', or the last x days. */
function inPeriod(rows: Row[], period: string, today: Date) {
  if (!/^\d+$/.test(period)) return rows;
  const since = isoDay(-Number(period), today);
  return rows.filter((row) => Object.entries(row).some(([key, value]) => /datum|am$/i.test(key) && String(value) >= since));
}

function statistics(reports: AgencyReports, today: Date) {
  const months = Array.from({ length: 6 }, (_, index) => isoDay(-30 * (5 - index), today).slice(0, 7));
  const inMonth = (rows: Row[], key: string, month: string) => rows.filter((row) => String(row[key]).startsWith(month)).length;
  return {
    Empfehler: reports.empfehlungen.length,
    Interessenten: reports.leads.length,
    AuftraegeOffen: reports.auftraege.filter((row) => row.Status === "Offen").length,
    AuftraegeFreigegeben: reports.auftraege.filter((row) => row.Status === "Freigegeben").length,
    Einladungen: reports.einladungen.length,
    ProMonat: months.map((month) => ({
      Monat: month,
      Interessenten: inMonth(reports.leads, "ErstelltAm", month),
      Auftraege: inMonth(reports.auftraege, "Auftragsdatum", month),
    })),
  };
}

function loginPage(params: URLSearchParams, failed: boolean) {
  const hidden = [...params]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value.replace(/[&"<>]/g, "")}">`)
    .join("");
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Agentur-Anmeldung (Simulator)</title></head><body>
<h1>Agentur-Anmeldung</h1><p>Der Identitätsanbieter der Agenturen (Simulator).</p>${failed ? '<p role="alert">Anmeldung fehlgeschlagen.</p>' : ""}
<form method="post">${hidden}<label>Benutzer <input name="login" autocomplete="username"></label>
<label>Passwort <input name="password" type="password" autocomplete="current-password"></label><button type="submit">Anmelden</button></form></body></html>`;
}

export function agencyHandlers(
  kit: SimulatorKit & { agency(): AgencyState; tenants(): Record<string, SeedTenant>; today(): Date },
): HttpHandler[] {
  const { legacy, legacyError } = kit;
  const { captchaError, challenge } = captchaTools(kit, "Einladung");
  const sendMail = mailer(kit);

  function agencyUserFor(request: Request, tenantId: string): AgencyUser | null {
    const session = kit.agency().tokens.get(kit.bearer(request) ?? "");
    if (!session || session.tenant !== tenantId) return null;
    return kit.tenants()[tenantId].agencyUsers.find((user) => user.login === session.login) ?? null;
  }

  /** A call for an agency user holding the permission; others get PSOF0103. */
  function asAgency(
    permission: AgencyPermission,
    resolve: (
      args: Parameters<Parameters<typeof legacy>[0]>[0] & { user: AgencyUser; reports: AgencyReports },
    ) => Response | Promise<Response>,
  ) {
    return legacy((args) => {
      const user = agencyUserFor(args.request, args.tenantId);
      const reports = kit.agency().reports.get(args.tenantId);
      if (!user || !reports) return legacyError(401, "PSOF0103");
      if (!agencyPermissions(user.role).includes(permission)) return legacyError(403, "PSOF0103");
      return resolve({ ...args, user, reports });
    });
  }

  const reportPermission: Record<string, AgencyPermission> = {
    auftraege: "AuftragsReport",
    empfehlungen: "EmpfehlerReport",
    leads: "EmpfehlerReport",
    einladungen: "Einladungstool",
    rechnungen: "Rechnungen",
    mitarbeiter: "Mitarbeiter",
    statistik: "StatistikReport",
  };

  const readQuery = async (request: Request) => ((await request.json().catch(() => ({}))) ?? {}) as ReportQuery;

  function reportHandler(type: keyof AgencyReports) {
    return asAgency(reportPermission[type], async ({ request, params, reports }) =>
      HttpResponse.json(pageOf(inPeriod(reports[type], params.x ?? "alle", kit.today()), await readQuery(request))),
    );
  }

  const agentsOf = (tenantId: string) => kit.agency().agents.get(tenantId) ?? [];
  const tenantOfClient = (params: URLSearchParams) => String(params.get("client_id")).replace(/^portal-/, "");
  /** Like a real identity provider: only the client's registered return address, compared exactly. */
  const isRegisteredReturn = (params: URLSearchParams) => {
    const tenant = kit.tenants()[tenantOfClient(params)];
    return tenant !== undefined && params.get("redirect_uri") === `${tenant.config.MandantUrl}/agentur/sso`;
  };

  return [
    http.get(
      "*/api/v1/Produkt/berater",
      legacy(({ request, tenantId }) => {
        const params = new URL(request.url).searchParams;
        const query = (params.get("query") ?? "").trim().toLowerCase();
        const found = agentsOf(tenantId).filter(
          (agent) =>
            !query || [agent.FirstName, agent.LastName, agent.ZipCode, agent.City].some((value) => value.toLowerCase().includes(query)),
        );
        return HttpResponse.json(
          pageOf(found, { Pagenumber: Number(params.get("page")) || 1, Pagesize: Number(params.get("pagesize")) || 6 }),
        );
      }),
    ),
    http.get(
      "*/api/v1/Produkt/agents",
      legacy(({ tenantId }) => HttpResponse.json(agentsOf(tenantId))),
    ),
    http.get(
      "*/api/v1/Produkt/berater/:id/foto",
      legacy(({ params, tenantId }) => {
        const agent = agentsOf(tenantId).find((item) => item.ExterneId === params.id);
        return agent ? new HttpResponse(agentPhoto(agent), { headers: { "content-type": "image/svg+xml" } }) : legacyError(404, "PSOF0001");
      }),
    ),
    http.get("*/__idp/authorize", ({ request }) => {
      const params = new URL(request.url).searchParams;
      const complete = ["client_id", "redirect_uri", "state", "nonce", "code_challenge"].every((name) => params.get(name));
      if (!complete || params.get("code_challenge_method") !== "S256") return new HttpResponse("invalid request", { status: 400 });
      if (!isRegisteredReturn(params)) return new HttpResponse("unregistered redirect_uri", { status: 400 });
      return new HttpResponse(loginPage(params, false), { headers: { "content-type": "text/html; charset=utf-8" } });
    }),
    http.post("*/__idp/authorize", async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      if (!isRegisteredReturn(form)) return new HttpResponse("unregistered redirect_uri", { status: 400 });
      const tenantId = tenantOfClient(form);
      const user = kit
        .tenants()
        [tenantId]?.agencyUsers.find((item) => item.login === form.get("login") && item.password === form.get("password"));
      if (!user) {
        const params = new URLSearchParams([...form].filter(([name]) => name !== "login" && name !== "password"));
        return new HttpResponse(loginPage(params, true), { status: 401, headers: { "content-type": "text/html; charset=utf-8" } });
      }
      const code = base64url(randomBytes(24));
      kit.agency().codes.set(code, {
        tenant: tenantId,
        login: user.login,
        challenge: String(form.get("code_challenge")),
        nonce: String(form.get("nonce")),
        redirectUri: String(form.get("redirect_uri")),
        issuedAt: Date.now(),
        used: false,
      });
      const back = new URL(String(form.get("redirect_uri")));
      back.searchParams.set("code", code);
      back.searchParams.set("state", String(form.get("state")));
      return HttpResponse.redirect(back.href, 302);
    }),
    http.put(
      "*/api/v1/:route/agentur/sso",
      legacy(async ({ request, tenantId }) => {
        const body = (await request.json().catch(() => ({}))) as { Code?: string; Verifier?: string; RedirectUri?: string };
        const found = kit.agency().codes.get(String(body.Code));
        const valid =
          found &&
          !found.used &&
          found.tenant === tenantId &&
          found.redirectUri === body.RedirectUri &&
          Date.now() - found.issuedAt < CODE_VALIDITY_MS;
        if (!valid || challengeOf(String(body.Verifier)) !== found.challenge) return legacyError(401, "PSOF0103");
        found.used = true;
        const token = base64url(randomBytes(24));
        kit.agency().tokens.set(token, { tenant: tenantId, login: found.login });
        return HttpResponse.json({ Token: token, Nonce: found.nonce });
      }),
    ),
    http.get(
      "*/api/v1/token/verifyAgenturToken",
      legacy(({ request, tenantId }) => {
        const token = new URL(request.url).searchParams.get("t") ?? "";
        const session = kit.agency().tokens.get(token);
        const user =
          session?.tenant === tenantId ? kit.tenants()[tenantId].agencyUsers.find((item) => item.login === session.login) : undefined;
        return HttpResponse.json(
          user
            ? { Gueltig: true, Rollen: [user.role], Name: user.name, Email: user.login, Agentennummer: user.agentNumber }
            : { Gueltig: false, Rollen: [] },
        );
      }),
    ),
    http.put(
      "*/api/v1/agentur/statistik",
      asAgency("StatistikReport", ({ reports }) => HttpResponse.json(statistics(reports, kit.today()))),
    ),
    http.put(
      "*/api/v1/agentur/rechnungen",
      asAgency("Rechnungen", async ({ request, reports }) => HttpResponse.json(pageOf(reports.rechnungen, await readQuery(request)))),
    ),
    http.put(
      "*/api/v1/agentur/mitarbeiter",
      asAgency("Mitarbeiter", async ({ request, reports }) => HttpResponse.json(pageOf(reports.mitarbeiter, await readQuery(request)))),
    ),
    http.put("*/api/v1/agentur/auftraege/:x/", reportHandler("auftraege")),
    http.put("*/api/v1/agentur/empfehlungen/:x/", reportHandler("empfehlungen")),
    http.put("*/api/v1/agentur/leads/:x/", reportHandler("leads")),
    http.put("*/api/v1/agentur/einladungen/:x/", reportHandler("einladungen")),
    http.put(
      "*/api/v1/agentur/auftragfreigeben/:a/:b",
      asAgency("Verwaltung", ({ params, reports }) => {
        const order = reports.auftraege.find((row) => row.Empfehlungsnummer === params.a && row.Empfaengernummer === params.b);
        if (!order) return legacyError(404, "PSOF0001", "no such order");
        if (order.Status === "Freigegeben") return legacyError(409, "PSOF0220", "order already released");
        order.Status = "Freigegeben";
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.get(
      "*/api/v1/Einladung/daten",
      asAgency("Einladungstool", ({ reports, tenant }) =>
        HttpResponse.json({
          Agentur: tenant.config.Name,
          Arten: ["Kunde", "Interessent", "Mitarbeiter"],
          Mitarbeiter: reports.mitarbeiter.map((row) => ({ Mitarbeiternummer: row.Mitarbeiternummer, Name: row.Name })),
        }),
      ),
    ),
    http.put(
      "*/api/v1/Einladung",
      legacy(async (args) => {
        const { request, tenantId, tenant } = args;
        const reports = kit.agency().reports.get(tenantId);
        const text = await request.text();
        const body = (text.trim() === "" ? null : JSON.parse(text)) as {
          Vorname?: string;
          Nachname?: string;
          Email?: string;
          Art?: string;
          Mitarbeiternummer?: string;
          Captcha?: { Id?: string; Antwort?: string };
        } | null;
        // An agency user invites anyone; with ModuleCompanyRecommendation anybody may recommend a colleague (Art 'Mitarbeiter').
        const agencyUser = agencyUserFor(request, tenantId);
        const colleague = tenant.config.ModuleCompanyRecommendation && (body === null || body.Art === "Mitarbeiter");
        if (agencyUser ? !agencyPermissions(agencyUser.role).includes("Einladungstool") : !colleague)
          return legacyError(agencyUser ? 403 : 401, "PSOF0103");
        if (!reports) return legacyError(404, "PSOF0001", "no agency");
        if (body === null) return HttpResponse.json(challenge(tenantId));
        const captchaFailed = captchaError(tenantId, body.Captcha);
        if (captchaFailed) return captchaFailed;
        const email = String(body.Email ?? "")
          .trim()
          .toLowerCase();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return legacyError(400, "PSOF0205");
        if (!body.Vorname || !body.Nachname || !["Kunde", "Interessent", "Mitarbeiter"].includes(String(body.Art)))
          return legacyError(400, "PSOF0001", "invitation incomplete");
        if (reports.einladungen.some((row) => row.Email === email)) return legacyError(409, "PSOF0202");
        reports.einladungen.unshift({
          Vorname: body.Vorname,
          Nachname: body.Nachname,
          Email: email,
          Art: String(body.Art),
          Mitarbeiternummer: body.Mitarbeiternummer ?? null,
          EingeladenAm: isoDay(0, kit.today()),
          Status: "Offen",
        });
        sendMail(tenantId, email, "welcome");
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  ];
}
