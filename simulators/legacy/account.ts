// The recommender's account in the legacy simulator: login by password or by an admin token, the
// account, its deletion, its recommendations, and the reward mail sent again.
import { randomBytes } from "node:crypto";
import { http, type HttpHandler, HttpResponse } from "msw";
import { rewardValidOn } from "./catalogue";
import type { SimulatorKit } from "./kit";
import { legacyError, noContent } from "./replies";
import { isoDay, type SeedRecommendation, type SeedTenant } from "./seed";

export function accountHandlers(kit: SimulatorKit): HttpHandler[] {
  const { legacy, asUser, state, loginReply } = kit;
  return [
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
        if (state().usedAdminTokens.has(token) && !tenant.config.IsAutologin) return legacyError(401, "PSOF0206");
        if (!tenant.adminLoginTokens.includes(token)) return legacyError(401, "PSOF0103");
        state().usedAdminTokens.add(token);
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
        for (const [token, session] of state().sessions) if (session.email === user.email) state().sessions.delete(token);
        return noContent();
      }),
    ),
    ...recommendationListHandlers(kit),
  ];
}

/**
 * The recommender's part of the reward a recommendation earned, in cents: their share of the best
 * reward valid today that its product lists, or of the tenant's where it lists none.
 */
function recommenderRewardCents(tenant: SeedTenant, item: SeedRecommendation, day: Date) {
  const listed = tenant.products.find((product) => product.Id === item.productId)?.Praemien;
  const offered = (listed?.length ? listed : tenant.rewards).filter(rewardValidOn(isoDay(0, day)));
  return Math.round((Math.max(0, ...offered.map((reward) => reward.WertCent)) * item.anteilEmpfehler) / 100);
}

/** The recommender's recommendations, and a reward mail for one whose reward waits. */
function recommendationListHandlers({ asUser, state, today }: SimulatorKit): HttpHandler[] {
  const list = asUser(({ user, tenant }) =>
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
          PraemieWertCent: item.payoutStatus ? recommenderRewardCents(tenant, item, today()) : null,
        })),
    ),
  );
  return [
    // The insurance programme's list on its product route, and the tenant portal's on the default base.
    http.get("*/api/v1/:route/empfehler/empfehlungen", list),
    http.get("*/api/v1/Empfehler/empfehlungen", list),
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
        state().rewardBookings.set(token, { tenant: tenantId, praemieId: null, collected: false, kundennummer: null });
        state().recommender.outbox.push({
          to: user.email,
          kind: "reward",
          link: `/praemie?token=${token}`,
          sentAt: new Date().toISOString(),
        });
        return noContent();
      }),
    ),
  ];
}
