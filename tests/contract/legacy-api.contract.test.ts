// Every typed legacy call against the simulator (or a real backend, see tests/support/backends.ts).
import { describe, expect, it } from "vitest";
import { responseForFailure } from "../../app/route-failures.server";
import { getUser, login } from "../../bff/account/account.server";
import {
  getActiveCampaigns,
  getDefaultRoutes,
  getMaxRewardValue,
  getProduct,
  getProductByExternalId,
  getProductCategories,
  getProducts,
  HIDDEN_PRODUCT_IDS,
} from "../../bff/catalogue/catalogue.server";
import { getContactCaptcha } from "../../bff/content/contact.server";
import { LegacyApiError, SessionEndedError } from "../../bff/legacy/errors";
import { requestContext } from "../../bff/portal/request-context.server";
import { checkRecipientExists } from "../../bff/recipient/recipient.server";
import {
  getRecommendation,
  getRecommendationByCode,
  getRecommenderRecommendations,
  getTenantPortalRecommendations,
} from "../../bff/recommendation/recommendation.server";
import { getCustomerNumberResult, getRewardBooking, getRewards, resendRewardMail } from "../../bff/reward/reward.server";
import { getTenantConfig, productApiOf } from "../../bff/tenant/tenant.server";
import { maxRewardValueOf } from "../../bff/tenant-reads/reward-flow.server";
import { backendsForSuite, bffOver, onRealBackend, pageRequest } from "../support/backends";

const env = backendsForSuite();

const TENANTS = ["telekom", "allianz", "standard", "friday"] as const;

async function apiFor(tenant: string, cookies: string[] = []) {
  return (await requestContext(pageRequest(tenant, "/", { cookies }), env.bff)).api;
}

async function loggedIn(tenant: string) {
  const api = await apiFor(tenant);
  const reply = await login(api, env.backends.fixtures[tenant].logins[0]);
  const cookie = env.bff.cookies.user.write(pageRequest(tenant), {
    token: reply.Token,
    vorname: reply.Vorname,
    nachname: reply.Nachname,
    email: reply.Email,
    newsletterPermission: reply.NewsletterOptinGegeben,
  });
  return { api: await apiFor(tenant, [cookie]), cookie };
}

describe.each(TENANTS)("tenant %s", (tenant) => {
  it("getTenantConfig: the configuration with a known product API", async () => {
    const config = await getTenantConfig(await apiFor(tenant), tenant);
    expect(config.Mandant).toBe(tenant);
    expect(["telekom", "allianz", "standard"]).toContain(productApiOf(config));
  });

  it("getProducts: never lists the ids 639, 640, 637 and 638", async () => {
    const { api, config } = await requestContext(pageRequest(tenant), env.bff);
    const products = await getProducts(api, productApiOf(config));
    expect(products.length).toBeGreaterThan(0);
    expect(products.filter((product) => HIDDEN_PRODUCT_IDS.has(product.Id))).toEqual([]);
  });

  it("getProduct and getProductCategories", async () => {
    const { api, config } = await requestContext(pageRequest(tenant), env.bff);
    const [first] = await getProducts(api, productApiOf(config));
    await expect(getProduct(api, first.Id)).resolves.toMatchObject({ Id: first.Id });
    const categories = await getProductCategories(api);
    expect(categories.length).toBeGreaterThan(0);
    // Where the backend says a product's category, it is one of the listed ones.
    const ids = new Set(categories.map((category) => category.Id));
    for (const product of await getProducts(api, productApiOf(config))) {
      if (product.ProduktkategorieId != null) expect(ids.has(product.ProduktkategorieId)).toBe(true);
    }
  });

  it.skipIf(onRealBackend)("getProductByExternalId: the product of a shop's id, with the link's source", async () => {
    const { api } = await requestContext(pageRequest("friday"), env.bff);
    await expect(getProductByExternalId(api, "KFZ", { quelle: "shop", handyId: "7" })).resolves.toMatchObject({ Id: 1, ExterneId: "KFZ" });
    await expect(getProductByExternalId(api, "UNBEKANNT", { quelle: "shop" })).rejects.toMatchObject({ upstreamStatus: 404 });
  });

  it.skipIf(onRealBackend)(
    "the home page's 'up to' figure is left out where the backend lacks the call, asked once per tenant",
    async () => {
      env.backends.simulators!.legacy.switches.fault = { kind: "notImplemented", path: "maxpraemiewert" };
      const { bff } = bffOver(env.backends);
      try {
        // Counted as they arrive, before the simulator answers 404.
        const received = async () => {
          const calls = (await (await fetch(`${env.backends.legacyUrl}/__calls?contains=maxpraemiewert`)).json()) as Record<string, number>;
          return Object.values(calls).reduce((sum, count) => sum + count, 0);
        };
        const before = await received();
        const ctx = await requestContext(pageRequest(tenant), bff);
        expect([await maxRewardValueOf(bff, ctx), await maxRewardValueOf(bff, ctx)]).toEqual([null, null]);
        expect((await received()) - before).toBe(1);
      } finally {
        await bff.close();
      }
    },
  );

  it("getMaxRewardValue: the highest reward of those valid today, in cents", async () => {
    const { api } = await requestContext(pageRequest(tenant), env.bff);
    const cents = await getMaxRewardValue(api);
    expect(Number.isInteger(cents) && cents >= 0).toBe(true);
    if (!onRealBackend) expect(cents).toBe(7000);
  });

  it("getRewards: rewards with cents and display values", async () => {
    const rewards = await getRewards(await apiFor(tenant));
    expect(rewards.length).toBeGreaterThan(0);
    for (const reward of rewards) expect(Number.isInteger(reward.WertCent)).toBe(true);
  });

  it("getRecommendation: the recommender and the share of a valid recommendation", async () => {
    const number = env.backends.fixtures[tenant].recommendations.valid[0];
    const recommendation = await getRecommendation(await apiFor(tenant), number);
    expect(recommendation.Empfehlungsnummer).toBe(number);
    expect([0, 50, 100]).toContain(recommendation.AnteilEmpfehler);
  });

  it("getRecommendation: an unknown number is refused with 'recommendation no longer possible'", async () => {
    await expect(getRecommendation(await apiFor(tenant), "NOPE-1")).rejects.toMatchObject({ messageKey: "recommendationNotPossible" });
  });

  it("getRecommendationByCode: an offline code leads to its recommendation, a wrong one is refused", async () => {
    const api = await apiFor(tenant);
    const [code] = env.backends.fixtures[tenant].offlineCodes;
    const { Empfehlungsnummer } = await getRecommendationByCode(api, code);
    await expect(getRecommendation(api, Empfehlungsnummer)).resolves.toMatchObject({ Empfehlungsnummer });
    await expect(getRecommendationByCode(api, "KEINCODE")).rejects.toMatchObject({ upstreamStatus: 404 });
  });

  it("login, getUser and getRecommenderRecommendations with the user token", async () => {
    const { api } = await loggedIn(tenant);
    await expect(getUser(api)).resolves.toMatchObject({ Email: env.backends.fixtures[tenant].logins[0].email });
    const list = await getRecommenderRecommendations(api);
    expect(new Set(list.map((item) => item.Status)).size).toBeGreaterThanOrEqual(onRealBackend ? 1 : 5);
  });

  it("login: a wrong password gets 'wrong e-mail or password'", async () => {
    const { email } = env.backends.fixtures[tenant].logins[0];
    await expect(login(await apiFor(tenant), { email, password: "Wrong1234" })).rejects.toMatchObject({ messageKey: "wrongCredentials" });
  });

  it("getRewardBooking and getCustomerNumberResult with the reward token", async () => {
    const token = env.backends.fixtures[tenant].rewardTokens[0];
    const api = await apiFor(tenant, [env.bff.cookies.reward.write(pageRequest(tenant), { token })]);
    // Read-only: whether it was picked up depends on what the backend's reward token went through before.
    await expect(getRewardBooking(api)).resolves.toMatchObject({
      praemierungstoken: token,
      Abgeholt: onRealBackend ? expect.any(Boolean) : false,
    });
    await expect(getCustomerNumberResult(api)).resolves.toHaveProperty("Kundennummer");
  });

  it("getRewardBooking: invalid and expired reward tokens get their own messages", async () => {
    const invalid = await apiFor(tenant, [env.bff.cookies.reward.write(pageRequest(tenant), { token: "not-a-token" })]);
    await expect(getRewardBooking(invalid)).rejects.toMatchObject({ messageKey: "rewardTokenInvalid" });
    const expired = await apiFor(tenant, [
      env.bff.cookies.reward.write(pageRequest(tenant), { token: env.backends.fixtures[tenant].expiredRewardTokens[0] }),
    ]);
    await expect(getRewardBooking(expired)).rejects.toMatchObject({ messageKey: "rewardTokenExpired" });
  });

  it("getDefaultRoutes and the contact captcha state", async () => {
    const api = await apiFor(tenant);
    expect((await getDefaultRoutes(api)).Login).toBe("/login");
    expect(typeof (await getContactCaptcha(api)).IsCaptchaRequired).toBe("boolean");
  });
});

describe.skipIf(onRealBackend)("simulator behaviour", () => {
  it("login: a barred employee gets KontoGesperrtWildcard", async () => {
    const api = await apiFor("allianz");
    await expect(login(api, env.backends.fixtures.allianz.blockedLogins[0])).rejects.toMatchObject({
      code: "KontoGesperrtWildcard",
      messageKey: "accountBlockedWildcard",
    });
  });

  it("getActiveCampaigns: campaigns; a backend's 404 without a code for the list is an empty list", async () => {
    expect(await getActiveCampaigns(await apiFor("telekom"))).toHaveLength(1);
    expect(await getActiveCampaigns(await apiFor("standard"))).toEqual([]);
  });

  it("the contact captcha state follows the captcha switch, with a question", async () => {
    env.backends.simulators!.legacy.switches.captchaRequired = true;
    expect(await getContactCaptcha(await apiFor("telekom"))).toMatchObject({
      IsCaptchaRequired: true,
      Captcha: { Frage: expect.any(String) },
    });
  });

  it("checkRecipientExists: sends the number hex-encoded", async () => {
    await expect(checkRecipientExists(await apiFor("telekom"), "TK-E-500001")).resolves.toEqual({ Empfaengernummer: "TK-E-500001" });
    await expect(checkRecipientExists(await apiFor("telekom"), "TK-E-404")).rejects.toBeInstanceOf(LegacyApiError);
  });

  it("getTenantPortalRecommendations: the tenant portal's list, as the insurance programme's", async () => {
    const { api } = await loggedIn("telekom");
    const list = await getTenantPortalRecommendations(api);
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((item) => item.Empfehlungsnummer)).toEqual(
      (await getRecommenderRecommendations(api)).map((item) => item.Empfehlungsnummer),
    );
  });

  it("resendRewardMail: the reward link again, with the recommender's token, where a reward is waiting", async () => {
    const { api } = await loggedIn("friday");
    const waiting = (await getRecommenderRecommendations(api)).find((item) => item.PraemienStatus === "Bereitgestellt");
    expect(waiting).toBeDefined();
    await expect(resendRewardMail(api, waiting!.Empfehlungsnummer)).resolves.toBeNull();
    if (!onRealBackend) expect(env.backends.simulators!.legacy.mails({ kind: "reward" }).at(-1)?.link).toMatch(/^\/praemie\?token=rwd-/);
  });

  it("PSOF0204 logs the user out: the page ends in a redirect to /login, saying so and coming back, that clears every token cookie", async () => {
    const { api } = await loggedIn("friday");
    env.backends.simulators!.legacy.switches.fault = { kind: "sessionExpired", path: "" };
    const thrown = await getUser(api).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toEqual(new SessionEndedError("recommender"));
    const request = pageRequest("friday", "/meinedaten");
    const response = (await responseForFailure(thrown, { request, context: { bff: env.bff, requestId: "r" } })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmeinedaten&hinweis=sitzung-beendet");
    expect(response.headers.get("Clear-Site-Data")).toBe('"cookies"');
    const cleared = response.headers.getSetCookie();
    expect(cleared.map((cookie) => cookie.split("=")[0]).sort()).toEqual([
      "rp_agency",
      "rp_autologin",
      "rp_backend",
      "rp_form",
      "rp_link",
      "rp_pending_login",
      "rp_recipient",
      "rp_recipient_draft",
      "rp_reward",
      "rp_session",
      "rp_sso",
    ]);
    for (const cookie of cleared) expect(cookie).toMatch(/Max-Age=0/);
  });

  it("lists each tenant's demo logins, data and journey entry points at /__demo", async () => {
    const demo = (await (await fetch(`${env.backends.legacyUrl}/__demo`)).json()) as Record<string, Record<string, unknown>>;
    expect(Object.keys(demo).sort()).toEqual([...TENANTS].sort());
    for (const tenant of TENANTS) {
      expect(demo[tenant]).toMatchObject({
        logins: expect.arrayContaining([{ email: expect.any(String), password: expect.any(String) }]),
        recommendations: { valid: expect.any(Array), expired: expect.any(Array) },
        offlineCodes: expect.any(Array),
        rewardTokens: expect.any(Array),
        agencyUsers: expect.any(Array),
        links: {
          recipient: expect.stringMatching(/^\/empfaengerdaten\//),
          recipientExpired: expect.any(String),
          offlineCode: expect.stringMatching(/^\/code\?code=\w+/),
          rewardPickup: expect.stringMatching(/^\/praemie\?token=/),
          rewardPickupExpired: expect.stringMatching(/^\/praemie\?token=/),
          customerNumber: expect.stringMatching(/^\/kundennummer\?token=/),
        },
      });
    }
  });

  it("compares a padded tenant code as SQL Server compares a char(n) column: trailing spaces ignored", async () => {
    const headers = { "x-requested-with": "XMLHttpRequest", "x-mandant": "telekom      " };
    expect((await fetch(`${env.backends.legacyUrl}/api/v1/praemie`, { headers })).status).toBe(200);
  });

  it("refuses a call without X-Requested-With", async () => {
    const response = await fetch(`${env.backends.legacyUrl}/api/v1/praemie`, { headers: { "x-mandant": "telekom" } });
    expect(response.status).toBe(400);
  });

  it("the tenant configuration is read once for 100 concurrent requests", async () => {
    const { bff: fresh } = bffOver(env.backends);
    await Promise.all(Array.from({ length: 100 }, () => requestContext(pageRequest("telekom"), fresh)));
    expect(env.backends.simulators!.legacy.callsTo("GET", "/api/v1/mandant/telekom")).toBe(1);
    await fresh.close();
  });
});
