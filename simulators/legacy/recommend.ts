// Making a recommendation in the legacy simulator: the captcha check (an empty body), the creation by
// a logged-in recommender, a person named in the form or an agent on someone's behalf, an offline
// code for it, and the banner of the personal area.
import { randomBytes } from "node:crypto";
import { http, type HttpHandler, HttpResponse } from "msw";
import { bountyShares } from "../../bff/legacy/contract";
import type { ResolverArgs, SimulatorKit } from "./kit";
import { captchaTools } from "./mail";
import { recommendationLinks } from "./recommendations";
import { findUser, isEmailAllowed } from "./registration";
import { EMAIL, legacyError, normalisedEmail } from "./replies";
import type { SeedTenant } from "./seed";

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
type Recommender = { email: string; name: { vorname: string; nachname: string } };

/** Who recommends: the logged-in user, or the person named in the form. Returns an error reply when not allowed. */
function recommenderFor(kit: SimulatorKit, args: ResolverArgs, body: Partial<CreatePayload>): Recommender | Response {
  const user = kit.userFor(args.request, args.tenantId);
  if (user) return { email: user.email, name: { vorname: user.vorname, nachname: user.nachname } };
  const email = normalisedEmail(body.Empfehler?.Email);
  if (!EMAIL.test(email) || !body.Empfehler?.Vorname || !body.Empfehler.Nachname) return legacyError(400, "PSOF0205");
  const account = findUser(args.tenant, email);
  if (account?.blockedCode) return legacyError(403, account.blockedCode);
  if (account) return legacyError(409, "PSOF0210");
  if (kit.state().recommender.pendingOptins.has(`${args.tenantId}:${email}`)) return legacyError(409, "PSOF0211");
  return { email, name: { vorname: body.Empfehler.Vorname, nachname: body.Empfehler.Nachname } };
}

/** The payload's refusal by the backend's rules, or null where it may be created. */
function refusal(kit: SimulatorKit, args: ResolverArgs, body: Partial<CreatePayload>) {
  // Only the agent named in the payload may create on someone's behalf, with their agency token.
  const agentNumber = body.Empfehlung?.Agentennummer ?? undefined;
  if (agentNumber && kit.agentFor(args.request, args.tenantId) !== agentNumber) return legacyError(403, "PSOF0103");
  const recommendedAgent = body.Empfehlung?.AgentNumber ?? undefined;
  if (recommendedAgent && !kit.isListedAgent(args.tenantId, recommendedAgent)) return legacyError(400, "PSOF0001", "unknown agent");
  const product = args.tenant.products.find((item) => item.Id === body.Empfehlung?.Produkt);
  if (!product || !bountyShares.includes(body.Empfehlung?.AnteilEmpfehler as 0 | 50 | 100))
    return legacyError(400, "PSOF0001", "product or share invalid");
  return body.Empfehlung?.AgbText ? null : legacyError(400, "PSOF0208");
}

export function recommendHandlers(kit: SimulatorKit): HttpHandler[] {
  const { legacy, asUser } = kit;
  const { captchaError, challenge } = captchaTools(kit);

  function createRecommendation(args: ResolverArgs, body: Partial<CreatePayload>) {
    const { tenant, tenantId } = args;
    const refused = captchaError(tenantId, body.Captcha) ?? refusal(kit, args, body);
    if (refused) return refused;
    const recommender = recommenderFor(kit, args, body);
    if (recommender instanceof Response) return recommender;
    if (!isEmailAllowed(recommender.email, tenant.config.EmailWhitelist)) return legacyError(403, "PSOF0203");
    const product = tenant.products.find((item) => item.Id === body.Empfehlung!.Produkt)!;
    const open = tenant.recommendations.find(
      (item) =>
        item.recommenderEmail === recommender.email &&
        item.productId === product.Id &&
        item.status === "Offen" &&
        item.createdDaysAgo <= 60,
    );
    if (open) return legacyError(409, "PSOF0201");
    if (!kit.userFor(args.request, tenantId)) kit.state().recommender.pendingOptins.add(`${tenantId}:${recommender.email}`);
    const empfehlungsnummer = addRecommendation(tenant, recommender, product, body);
    return HttpResponse.json({ Empfehlungsnummer: empfehlungsnummer, ...recommendationLinks(tenant, empfehlungsnummer) });
  }

  return [
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
    http.get(
      "*/api/v1/:route/empfehler/empfehlungen/showbanner/:banner",
      asUser(({ params, tenant }) => HttpResponse.json({ ShowBanner: params.banner === "BannerTEZuTP" && tenant.showBanner })),
    ),
  ];
}

function addRecommendation(
  tenant: SeedTenant,
  recommender: Recommender,
  product: SeedTenant["products"][number],
  body: Partial<CreatePayload>,
) {
  const code = tenant.recommendations[0].empfehlungsnummer.split("-")[0];
  const empfehlungsnummer = `${code}-${200001 + tenant.recommendations.length}`;
  tenant.recommendations.push({
    empfehlungsnummer,
    recommenderEmail: recommender.email,
    recommenderName: recommender.name,
    campaigns: (body.Aktionen ?? []).filter((campaign) => campaign.Zustimmung).map((campaign) => Number(campaign.AktionsId)),
    agentNumber: body.Empfehlung?.Agentennummer ?? undefined,
    recommendedAgent: body.Empfehlung?.AgentNumber ?? undefined,
    productId: product.Id,
    productName: product.AnzeigeName ?? product.Name,
    anteilEmpfehler: body.Empfehlung!.AnteilEmpfehler as 0 | 50 | 100,
    createdDaysAgo: 0,
    status: "Offen",
    payoutStatus: null,
    recipientName: null,
    agbAccepted: true,
  });
  return empfehlungsnummer;
}
