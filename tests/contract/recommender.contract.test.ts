// The recommender's calls: registration and passwords through the
// mailed links, language, newsletter links, banners, creating a recommendation with and
// without a captcha, and offline codes. Mail links come from the simulator's outbox.
import { describe, expect, it } from "vitest";
import {
  changePassword,
  createRecommender,
  getPasswordRules,
  getUser,
  login,
  requestPasswordReset,
  resendWelcomeMail,
  resetPassword,
  setNewsletterOptin,
  updateLanguage,
  validateResetToken,
} from "../../bff/account/account.server";
import { requestContext } from "../../bff/portal/request-context.server";
import {
  createOfflineCode,
  createRecommendation,
  getRecommendation,
  getRecommendationByCode,
  getRecommendationCaptcha,
  getRecommenderBanner,
  type NewRecommendation,
} from "../../bff/recommendation/recommendation.server";
import { backendsForSuite, onRealBackend, pageRequest, writing } from "../support/backends";

const env = backendsForSuite();

async function apiFor(tenant: string) {
  return (await requestContext(pageRequest(tenant), env.bff)).api;
}

async function loggedInApi(tenant: string, email = env.backends.fixtures[tenant].logins[0].email, password = "Demo1234") {
  const { apiWith, api } = await requestContext(pageRequest(tenant), env.bff);
  const reply = await login(api, { email, password });
  return apiWith({ user: reply.Token });
}

function mailedToken(to: string, kind?: "welcome" | "reset" | "newsletter") {
  const mail = env.backends.simulators!.legacy.mails({ to, kind }).at(-1);
  expect(mail, `a ${kind ?? ""} mail to ${to}`).toBeDefined();
  return new URL(mail!.link!, "http://portal.invalid").searchParams.get("token")!;
}

function newRecommendation(overrides: Partial<NewRecommendation> = {}): NewRecommendation {
  return {
    productId: 631,
    channel: "portal",
    agbText: "Ich akzeptiere die Teilnahmebedingungen.",
    share: 100,
    recommender: { vorname: "Rita", nachname: "Roth", email: "rita@example.org", newsletterPermission: false },
    ...overrides,
  };
}

describe.skipIf(onRealBackend)("registration and passwords through mailed links", () => {
  it("registers, completes the registration by setting a password, and is then logged in", async () => {
    const api = await apiFor("friday");
    await createRecommender(api, { vorname: "Lena", nachname: "Lange", email: "lena@example.org" });
    const token = mailedToken("lena@example.org", "welcome");
    await expect(validateResetToken(api, token)).resolves.toBeNull();
    const reply = await resetPassword(api, token, "Sicher123");
    expect(reply).toMatchObject({ Email: "lena@example.org", Vorname: "Lena" });
    await expect(login(api, { email: "lena@example.org", password: "Sicher123" })).resolves.toMatchObject({ Vorname: "Lena" });
    await expect(resetPassword(api, token, "Sicher123")).rejects.toMatchObject({ messageKey: "linkExpired" });
  });

  it("refuses a second registration of the same address and resends the welcome mail", async () => {
    const api = await apiFor("telekom");
    await createRecommender(api, { vorname: "Tom", nachname: "Tal", email: "tom@example.org" });
    await expect(createRecommender(api, { vorname: "Tom", nachname: "Tal", email: "tom@example.org" })).rejects.toMatchObject({
      messageKey: "emailExists",
    });
    await resendWelcomeMail(api, "tom@example.org");
    expect(env.backends.simulators!.legacy.mails({ to: "tom@example.org", kind: "welcome" })).toHaveLength(2);
    await expect(resendWelcomeMail(api, "nobody@example.org")).rejects.toMatchObject({ messageKey: "emailNotRegistered" });
  });

  it("keeps an address out of the programme when the tenant's whitelist does not name its domain", async () => {
    env.backends.simulators!.legacy.overrideConfig("standard", { EmailWhitelist: ["firma.example"] });
    const api = await apiFor("standard");
    await expect(createRecommender(api, { vorname: "Uwe", nachname: "Ulm", email: "uwe@example.org" })).rejects.toMatchObject({
      messageKey: "emailNotAllowed",
    });
    await expect(createRecommender(api, { vorname: "Uwe", nachname: "Ulm", email: "uwe@firma.example" })).resolves.toBeNull();
  });

  it("mails a reset link for a known address, says the same for an unknown one, and refuses an expired link", async () => {
    const api = await apiFor("allianz");
    await requestPasswordReset(api, "demo@allianz.example", "de");
    await expect(requestPasswordReset(api, "nobody@allianz.example", "de")).resolves.toBeNull();
    const token = mailedToken("demo@allianz.example", "reset");
    await expect(resetPassword(api, token, "kurz")).rejects.toMatchObject({ messageKey: "passwordChangeFailed" });
    await expect(resetPassword(api, token, "NeuesPasswort1")).resolves.toMatchObject({ Email: "demo@allianz.example" });
    await expect(validateResetToken(api, "pwd-allianz-expired-0001")).rejects.toMatchObject({ messageKey: "linkExpired" });
  });
});

describe("the logged-in recommender's account calls", () => {
  it("reads the server's password rules", async () => {
    expect(await getPasswordRules(await apiFor("friday"))).toMatchObject({
      MinLength: expect.any(Number),
      RequireDigit: expect.any(Boolean),
    });
  });

  writing.it("changes the password only with the right current one, and back", async () => {
    const api = await loggedInApi("friday");
    await expect(changePassword(api, { current: "Falsch123", next: "Anders123" })).rejects.toMatchObject({
      messageKey: "wrongCredentials",
    });
    await changePassword(api, { current: "Demo1234", next: "Anders123" });
    await expect(login(await apiFor("friday"), { email: "demo@friday.example", password: "Anders123" })).resolves.toBeTruthy();
    await changePassword(api, { current: "Anders123", next: "Demo1234" });
  });

  writing.it("saves the language, and the next login reports it; then the one it had", async () => {
    const before = (await login(await apiFor("telekom"), { email: "demo@telekom.example", password: "Demo1234" })).Language;
    await updateLanguage(await loggedInApi("telekom"), "en");
    expect((await login(await apiFor("telekom"), { email: "demo@telekom.example", password: "Demo1234" })).Language).toBe("en");
    await updateLanguage(await loggedInApi("telekom"), before ?? "de");
  });

  writing.it("asks for the opt-in mail, and its link confirms the newsletter; the opt-out link withdraws it", async () => {
    const api = await loggedInApi("standard", "neu@standard.example");
    await setNewsletterOptin(api, true);
    expect(await getUser(api)).toMatchObject({ newsletterpermission: false, newsletterpermissionversendetam: expect.any(String) });
    const link = onRealBackend ? null : mailedToken("neu@standard.example", "newsletter");
    if (!link) return;
    const { apiWith } = await requestContext(pageRequest("standard"), env.bff);
    await setNewsletterOptin(apiWith({ user: link }), true);
    expect(await getUser(api)).toMatchObject({ newsletterpermission: true });
    await setNewsletterOptin(apiWith({ user: link }), false);
    expect(await getUser(api)).toMatchObject({ newsletterpermission: false, newsletterpermissionversendetam: null });
  });

  it("says whether the personal area shows the banner", async () => {
    expect(await getRecommenderBanner(await loggedInApi("telekom"))).toEqual({ ShowBanner: true });
    expect(await getRecommenderBanner(await loggedInApi("standard"))).toEqual({ ShowBanner: false });
  });
});

writing.describe("creating a recommendation", () => {
  it("checks for a captcha with an empty body, creates, and the recommendation carries both links", async () => {
    const api = await loggedInApi("telekom");
    expect(await getRecommendationCaptcha(api, {})).toMatchObject({ IsCaptchaRequired: false });
    const created = await createRecommendation(api, newRecommendation({ campaigns: [1] }), { pk_campaign: "herbst" });
    if (!onRealBackend) {
      const stored = env.backends
        .simulators!.legacy.recommendationsOf("telekom")
        .find((item) => item.empfehlungsnummer === created.Empfehlungsnummer);
      expect(stored?.campaigns).toEqual([1]);
    }
    expect(created.KurzURL).toMatch(/^https?:\/\//);
    const read = await getRecommendation(api, created.Empfehlungsnummer);
    expect(read).toMatchObject({
      Empfehlungsnummer: created.Empfehlungsnummer,
      AnteilEmpfehler: 100,
      Empfehlungslink: created.Empfehlungslink,
    });
    await expect(createRecommendation(api, newRecommendation(), {})).rejects.toMatchObject({ messageKey: "recommendationExists" });
  });

  it.skipIf(onRealBackend)("needs the captcha's answer when the backend asks for one; a wrong or reused answer is refused", async () => {
    env.backends.simulators!.legacy.switches.captchaRequired = true;
    const api = await loggedInApi("friday");
    await expect(createRecommendation(api, newRecommendation({ productId: 2 }), {})).rejects.toMatchObject({
      messageKey: "captchaRequired",
    });
    const wrong = await getRecommendationCaptcha(api, {});
    await expect(
      createRecommendation(api, newRecommendation({ productId: 2, captcha: { id: wrong.Captcha!.Id, answer: "99" } }), {}),
    ).rejects.toMatchObject({
      messageKey: "captchaWrong",
    });
    const challenge = await getRecommendationCaptcha(api, {});
    const [a, b] = challenge.Captcha!.Frage.split("+").map(Number);
    const captcha = { id: challenge.Captcha!.Id, answer: String(a + b) };
    await expect(createRecommendation(api, newRecommendation({ productId: 2, captcha }), {})).resolves.toMatchObject({
      Empfehlungsnummer: expect.any(String),
    });
    await expect(createRecommendation(api, newRecommendation({ productId: 3, captcha }), {})).rejects.toMatchObject({
      messageKey: "captchaWrong",
    });
  });

  it("without an account: created once, then the unconfirmed opt-in is reported; a registered address must log in", async () => {
    const api = await apiFor("standard");
    await expect(createRecommendation(api, newRecommendation({ productId: 10 }), {})).resolves.toMatchObject({
      Empfehlungsnummer: expect.any(String),
    });
    await expect(createRecommendation(api, newRecommendation({ productId: 11 }), {})).rejects.toMatchObject({
      messageKey: "optInRequiredExisting",
    });
    const registered = newRecommendation({
      productId: 10,
      recommender: { vorname: "A", nachname: "S", email: "demo@standard.example", newsletterPermission: false },
    });
    await expect(createRecommendation(api, registered, {})).rejects.toMatchObject({ messageKey: "loginFirst" });
  });

  it.skipIf(onRealBackend)("refuses an address outside the whitelist", async () => {
    env.backends.simulators?.legacy.overrideConfig("allianz", { EmailWhitelist: ["allianz.example"] });
    const api = await apiFor("allianz");
    await expect(createRecommendation(api, newRecommendation({ productId: 2 }), {})).rejects.toMatchObject({
      messageKey: "emailNotAllowed",
    });
  });

  it("creates an offline code for the recommender's own recommendation, which then opens it", async () => {
    const api = await loggedInApi("friday");
    const created = await createRecommendation(api, newRecommendation({ productId: 3 }), {});
    const { Code } = await createOfflineCode(api, created.Empfehlungsnummer);
    expect(await createOfflineCode(api, created.Empfehlungsnummer)).toEqual({ Code });
    await expect(getRecommendationByCode(api, Code)).resolves.toEqual({ Empfehlungsnummer: created.Empfehlungsnummer });
  });
});
