// The recommender's side of the legacy API simulator: registration, passwords, language,
// newsletter links, banners, creating a recommendation (with its captcha) and offline codes.
// Mails the backend would send land in an outbox that tests and the demo page read.
import { randomBytes, randomInt } from "node:crypto";
import { http, type HttpHandler, HttpResponse } from "msw";
import type { PasswordRules } from "../../bff/core/contract";
import { bountyShares } from "../../bff/core/contract";
import type { SeedTenant, SeedUser } from "./legacy-seed";

type LinkMailKind = "welcome" | "reset" | "newsletter";
export type MailKind = LinkMailKind | "contact-copy" | "reward";
export type Mail = { to: string; kind: MailKind; link: string | null; sentAt: string };

type LinkToken = { tenant: string; email: string; kind: LinkMailKind; issuedAt: number; used: boolean };

export type RecommenderState = {
  linkTokens: Map<string, LinkToken>;
  outbox: Mail[];
  captchas: Map<string, { answer: string; issuedAt: number; used: boolean }>;
  /** E-mails of recommenders without an account whose opt-in mail is not confirmed yet. */
  pendingOptins: Set<string>;
  /** Messages sent through the contact form. */
  contactMessages: { tenant: string; email: string; message: string }[];
};

type ResolverArgs = { request: Request; params: Record<string, string>; tenantId: string; tenant: SeedTenant };
type Resolver<Extra = object> = (args: ResolverArgs & Extra) => Response | Promise<Response>;
type Wrapped = ReturnType<SimulatorKit["legacy"]>;

export type SimulatorKit = {
  legacy(
    resolve: Resolver,
  ): (info: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => Promise<Response>;
  asUser(resolve: Resolver<{ user: SeedUser }>): Wrapped;
  userFor(request: Request, tenantId: string): SeedUser | null;
  /** The agent number of the agency token the request carries, if it carries one of this tenant. */
  agentFor(request: Request, tenantId: string): string | null;
  /** Whether the agent finder lists this agent (Produkt/berater). */
  isListedAgent(tenantId: string, externeId: string): boolean;
  loginReply(tenantId: string, user: SeedUser): Response;
  legacyError(status: number, code: string, message?: string): Response;
  bearer(request: Request): string | undefined;
  state(): RecommenderState;
  /** Whether a captcha is switched on for the tenant, or for one of its calls (`allianz/Einladung`). */
  captchaRequired(tenantId: string, call?: string): boolean;
};

export const PASSWORD_RULES: PasswordRules = {
  MinLength: 8,
  RequireLowercase: true,
  RequireUppercase: true,
  RequireDigit: true,
  RequireSpecialCharacter: false,
};

const LINK_VALIDITY_MS = 24 * 60 * 60 * 1000;
const CAPTCHA_VALIDITY_MS = 10 * 60 * 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function meetsPasswordRules(password: unknown): password is string {
  return (
    typeof password === "string" &&
    password.length >= PASSWORD_RULES.MinLength &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password)
  );
}

export function freshRecommenderState(tenants: Record<string, SeedTenant>): RecommenderState {
  const linkTokens = new Map<string, LinkToken>();
  for (const [id, tenant] of Object.entries(tenants)) {
    for (const [email, token] of Object.entries(tenant.mailedTokens.newsletter)) {
      linkTokens.set(token, { tenant: id, email, kind: "newsletter", issuedAt: Date.now(), used: false });
    }
    linkTokens.set(tenant.mailedTokens.expiredReset, { tenant: id, email: `demo@${id}.example`, kind: "reset", issuedAt: 0, used: false });
  }
  return { linkTokens, outbox: [], captchas: new Map(), pendingOptins: new Set(), contactMessages: [] };
}

const mailPaths: Record<LinkMailKind, string> = {
  welcome: "/registrieren",
  reset: "/passwortsetzen",
  newsletter: "/empfehler/newsletter/optin",
};

function isEmailAllowed(email: string, whitelist: string[]) {
  if (whitelist.length === 0) return true;
  const domain = email.split("@")[1]?.toLowerCase();
  return whitelist.some((allowed) => allowed.toLowerCase().replace(/^@/, "") === domain);
}

/** Mails with a link the recipient follows back to the portal; the token in it is the backend's. */
export function mailer(kit: SimulatorKit) {
  return (tenantId: string, email: string, kind: LinkMailKind) => {
    const token = `${kind.slice(0, 3)}-${randomBytes(16).toString("hex")}`;
    kit.state().linkTokens.set(token, { tenant: tenantId, email, kind, issuedAt: Date.now(), used: false });
    kit.state().outbox.push({ to: email, kind, link: `${mailPaths[kind]}?token=${token}`, sentAt: new Date().toISOString() });
  };
}

/** The backend's captcha: an arithmetic question, each answer counted once and for ten minutes. */
export function captchaTools(kit: SimulatorKit, call?: string) {
  const { legacyError } = kit;
  function newCaptcha() {
    const [a, b] = [randomInt(1, 10), randomInt(1, 10)];
    const id = randomBytes(8).toString("hex");
    kit.state().captchas.set(id, { answer: String(a + b), issuedAt: Date.now(), used: false });
    return { IsCaptchaRequired: true, Captcha: { Id: id, Frage: `${a} + ${b}` } };
  }

  /** Null when the captcha is not needed or solved; the legacy error otherwise. */
  function captchaError(tenantId: string, captcha: { Id?: string; Antwort?: string } | null | undefined) {
    if (!kit.captchaRequired(tenantId, call)) return null;
    if (!captcha?.Id) return legacyError(400, "PSOF0213");
    const stored = kit.state().captchas.get(captcha.Id);
    if (!stored || stored.used || Date.now() - stored.issuedAt > CAPTCHA_VALIDITY_MS) return legacyError(400, "PSOF0214");
    stored.used = true;
    return stored.answer === String(captcha.Antwort ?? "").trim() ? null : legacyError(400, "PSOF0214");
  }

  /** The reply of a captcha check: a fresh question when one is needed. */
  const challenge = (tenantId: string) =>
    kit.captchaRequired(tenantId, call) ? newCaptcha() : { IsCaptchaRequired: false, Captcha: null };
  return { newCaptcha, captchaError, challenge };
}

export function recommenderHandlers(kit: SimulatorKit): HttpHandler[] {
  const { legacy, asUser, legacyError } = kit;

  const sendMail = mailer(kit);

  /** A mailed link token of this tenant that is unused and within its day (newsletter links do not expire). */
  function linkTokenFor(token: unknown, tenantId: string, kinds: LinkMailKind[]) {
    const found = typeof token === "string" ? kit.state().linkTokens.get(token) : undefined;
    if (!found || found.tenant !== tenantId || !kinds.includes(found.kind) || found.used) return null;
    if (found.kind !== "newsletter" && Date.now() - found.issuedAt > LINK_VALIDITY_MS) return null;
    return found;
  }

  function findUser(tenant: SeedTenant, email: unknown) {
    return tenant.users.find((user) => user.email.toLowerCase() === String(email ?? "").toLowerCase());
  }

  async function jsonBody<T>(request: Request): Promise<Partial<T>> {
    const text = await request.text();
    if (!text) return {};
    try {
      return (JSON.parse(text) ?? {}) as Partial<T>;
    } catch {
      return {};
    }
  }

  const { captchaError, challenge } = captchaTools(kit);

  type CreatePayload = {
    Empfehlung: {
      Produkt?: number;
      AgbText?: string;
      AnteilEmpfehler?: number;
      Channel?: string;
      Agentennummer?: string | null;
      AgentNumber?: string | null;
    };
    Empfehler: { Vorname?: string; Nachname?: string; Email?: string; NewsletterPermission?: boolean };
    Captcha: { Id?: string; Antwort?: string };
    Aktionen: { AktionsId?: number; Zustimmung?: boolean }[];
  };

  /** Who recommends: the logged-in user, or the person named in the form. Returns an error reply when not allowed. */
  function recommenderFor(args: ResolverArgs, body: Partial<CreatePayload>) {
    const user = kit.userFor(args.request, args.tenantId);
    if (user) return { email: user.email, name: { vorname: user.vorname, nachname: user.nachname } };
    const email = String(body.Empfehler?.Email ?? "")
      .trim()
      .toLowerCase();
    if (!EMAIL.test(email) || !body.Empfehler?.Vorname || !body.Empfehler.Nachname) return legacyError(400, "PSOF0205");
    const account = findUser(args.tenant, email);
    if (account?.blockedCode) return legacyError(403, account.blockedCode);
    if (account) return legacyError(409, "PSOF0210");
    if (kit.state().pendingOptins.has(`${args.tenantId}:${email}`)) return legacyError(409, "PSOF0211");
    return { email, name: { vorname: body.Empfehler.Vorname, nachname: body.Empfehler.Nachname } };
  }

  function createRecommendation(args: ResolverArgs, body: Partial<CreatePayload>) {
    const { tenant, tenantId } = args;
    const captchaFailed = captchaError(tenantId, body.Captcha);
    if (captchaFailed) return captchaFailed;
    // Only the agent named in the payload may create on someone's behalf, with their agency token.
    const agentNumber = body.Empfehlung?.Agentennummer ?? undefined;
    if (agentNumber && kit.agentFor(args.request, tenantId) !== agentNumber) return legacyError(403, "PSOF0103");
    const recommendedAgent = body.Empfehlung?.AgentNumber ?? undefined;
    if (recommendedAgent && !kit.isListedAgent(tenantId, recommendedAgent)) return legacyError(400, "PSOF0001", "unknown agent");
    const product = tenant.products.find((item) => item.Id === body.Empfehlung?.Produkt);
    const share = body.Empfehlung?.AnteilEmpfehler;
    if (!product || !bountyShares.includes(share as 0 | 50 | 100)) return legacyError(400, "PSOF0001", "product or share invalid");
    if (!body.Empfehlung?.AgbText) return legacyError(400, "PSOF0208");
    const recommender = recommenderFor(args, body);
    if (recommender instanceof Response) return recommender;
    if (!isEmailAllowed(recommender.email, tenant.config.EmailWhitelist)) return legacyError(403, "PSOF0203");
    const existing = tenant.recommendations.find(
      (item) =>
        item.recommenderEmail === recommender.email &&
        item.productId === product.Id &&
        item.status === "Offen" &&
        item.createdDaysAgo <= 60,
    );
    if (existing) return legacyError(409, "PSOF0201");
    if (!kit.userFor(args.request, tenantId)) kit.state().pendingOptins.add(`${tenantId}:${recommender.email}`);
    const code = tenant.recommendations[0].empfehlungsnummer.split("-")[0];
    const empfehlungsnummer = `${code}-${200001 + tenant.recommendations.length}`;
    tenant.recommendations.push({
      empfehlungsnummer,
      recommenderEmail: recommender.email,
      recommenderName: recommender.name,
      campaigns: (body.Aktionen ?? []).filter((campaign) => campaign.Zustimmung).map((campaign) => Number(campaign.AktionsId)),
      agentNumber,
      recommendedAgent,
      productId: product.Id,
      productName: product.AnzeigeName ?? product.Name,
      anteilEmpfehler: share as 0 | 50 | 100,
      createdDaysAgo: 0,
      status: "Offen",
      payoutStatus: null,
      recipientName: null,
      agbAccepted: true,
    });
    return HttpResponse.json({ Empfehlungsnummer: empfehlungsnummer, ...recommendationLinks(tenant, empfehlungsnummer) });
  }

  return [
    http.post(
      "*/api/v1/:route/account/createEmpfehler",
      legacy(async ({ request, tenantId, tenant }) => {
        const body = await jsonBody<{ Vorname: string; Nachname: string; Email: string }>(request);
        const email = String(body.Email ?? "")
          .trim()
          .toLowerCase();
        if (!EMAIL.test(email) || !body.Vorname || !body.Nachname) return legacyError(400, "PSOF0205");
        if (findUser(tenant, email)) return legacyError(409, "PSOF0202");
        if (!isEmailAllowed(email, tenant.config.EmailWhitelist)) return legacyError(403, "PSOF0203");
        tenant.users.push({
          email,
          password: null,
          language: "de",
          anrede: "",
          vorname: body.Vorname,
          nachname: body.Nachname,
          newsletterPermission: false,
          newsletterOptinSentAt: null,
        });
        sendMail(tenantId, email, "welcome");
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.get(
      "*/api/v1/:route/account/resendWelcomeMail/:email",
      legacy(({ params, tenantId, tenant }) => {
        const user = findUser(tenant, params.email);
        if (!user) return legacyError(404, "PSOF0107");
        if (user.password === null) sendMail(tenantId, user.email, "welcome");
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.get(
      "*/api/v1/:route/account/passwortvalidator",
      legacy(() => HttpResponse.json(PASSWORD_RULES)),
    ),
    http.get(
      "*/api/v1/:route/account/resetPassword/:email",
      // Answers the same whether or not the address is registered: nobody learns who has an account.
      legacy(({ params, tenantId, tenant }) => {
        const user = findUser(tenant, params.email);
        if (user && !user.blockedCode) sendMail(tenantId, user.email, user.password === null ? "welcome" : "reset");
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.put(
      "*/api/v1/:route/account/validateResetPassword",
      legacy(async ({ request, tenantId }) => {
        const body = await jsonBody<{ Token: string }>(request);
        return linkTokenFor(body.Token, tenantId, ["reset", "welcome"])
          ? new HttpResponse(null, { status: 204 })
          : legacyError(401, "PSOF0102");
      }),
    ),
    http.put(
      "*/api/v1/:route/account/resetPassword",
      legacy(async ({ request, tenantId, tenant }) => {
        const body = await jsonBody<{ Token: string; Password: string }>(request);
        const link = linkTokenFor(body.Token, tenantId, ["reset", "welcome"]);
        const user = link ? findUser(tenant, link.email) : undefined;
        if (!link || !user) return legacyError(401, "PSOF0102");
        if (!meetsPasswordRules(body.Password)) return legacyError(400, "PSOF0218");
        link.used = true;
        user.password = body.Password;
        return kit.loginReply(tenantId, user);
      }),
    ),
    http.put(
      "*/api/v1/:route/account/resetPasswordWithoutToken",
      asUser(async ({ request, user }) => {
        const body = await jsonBody<{ Password: string; NewPassword: string }>(request);
        if (body.Password !== user.password) return legacyError(400, "PSOF0101");
        if (!meetsPasswordRules(body.NewPassword)) return legacyError(400, "PSOF0218");
        user.password = body.NewPassword;
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.post(
      "*/api/v1/:route/account/updateLanguage",
      asUser(async ({ request, user }) => {
        const body = await jsonBody<{ Language: string }>(request);
        if (body.Language !== "de" && body.Language !== "en") return legacyError(400, "PSOF0001", "unknown language");
        user.language = body.Language;
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.put(
      "*/api/v1/:route/empfehler/setNewsletterOptin",
      legacy(async (args) => {
        const body = await jsonBody<{ NewsletterOptin: boolean }>(args.request);
        if (typeof body.NewsletterOptin !== "boolean") return legacyError(400, "PSOF0001", "NewsletterOptin missing");
        const user = kit.userFor(args.request, args.tenantId);
        if (user) {
          // From the personal area: opting in sends the confirmation mail (double opt-in).
          user.newsletterPermission = false;
          user.newsletterOptinSentAt = body.NewsletterOptin ? new Date().toISOString() : null;
          if (body.NewsletterOptin) sendMail(args.tenantId, user.email, "newsletter");
          return new HttpResponse(null, { status: 204 });
        }
        // From a mailed link: the link's token confirms the opt-in or withdraws it.
        const link = linkTokenFor(kit.bearer(args.request), args.tenantId, ["newsletter"]);
        const owner = link ? findUser(args.tenant, link.email) : undefined;
        if (!owner) return legacyError(401, "PSOF0102");
        owner.newsletterPermission = body.NewsletterOptin;
        owner.newsletterOptinSentAt = null;
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.get(
      "*/api/v1/:route/empfehler/empfehlungen/showbanner/:banner",
      asUser(({ params, tenant }) => HttpResponse.json({ ShowBanner: params.banner === "BannerTEZuTP" && tenant.showBanner })),
    ),
    http.post(
      "*/api/v1/Empfehlen/create",
      legacy(async (args) => {
        const text = await args.request.text();
        if (!text) return HttpResponse.json(challenge(args.tenantId));
        let body: Partial<CreatePayload>;
        try {
          body = JSON.parse(text) as Partial<CreatePayload>;
        } catch {
          return legacyError(400, "PSOF0001", "malformed JSON");
        }
        return createRecommendation(args, body);
      }),
    ),
    http.post(
      "*/api/v1/:route/empfehlung/:id/empfehlungscode",
      asUser(({ params, tenant, user }) => {
        if (!tenant.config.ModuleErstelleOfflineEmpfehlungCode) return legacyError(403, "PSOF0103");
        const found = tenant.recommendations.find((item) => item.empfehlungsnummer === params.id && item.recommenderEmail === user.email);
        if (!found) return legacyError(404, "PSOF0219");
        const existing = Object.entries(tenant.offlineCodes).find(([, number]) => number === found.empfehlungsnummer);
        if (existing) return HttpResponse.json({ Code: existing[0] });
        const code = randomBytes(4).toString("hex").toUpperCase();
        tenant.offlineCodes[code] = found.empfehlungsnummer;
        return HttpResponse.json({ Code: code });
      }),
    ),
  ];
}

/** The short URL and the full link of a recommendation, on the tenant's own address. */
export function recommendationLinks(tenant: SeedTenant, empfehlungsnummer: string) {
  return {
    KurzURL: `${tenant.config.MandantUrl}/e/${encodeURIComponent(empfehlungsnummer)}`,
    Empfehlungslink: `${tenant.config.MandantUrl}/empfaengerdaten/${encodeURIComponent(empfehlungsnummer)}`,
  };
}
