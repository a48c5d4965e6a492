// The agency and agent calls: the single sign-on with PKCE end to end at the
// simulator's identity provider, the token check, the reports with server paging, order release,
// invitations with the captcha, and the agent search.
import { describe, expect, it } from "vitest";
import { AGENCY_SIGN_ON_RETURN_PAGE } from "../../app/access/agency.server";
import {
  agencyReports,
  exchangeAgencyCode,
  getAgencyReport,
  getAgencyStatistics,
  getAgentPhoto,
  getAgents,
  getInvitationCaptcha,
  getInvitationData,
  getOwnerReport,
  releaseOrder,
  type ReportQuery,
  searchAgents,
  sendInvitation,
  verifyAgencyToken,
} from "../../bff/agency/agency.server";
import { completeSignOn, startSignOn } from "../../bff/for-agencies/agency-sso.server";
import { type RequestContext, requestContext } from "../../bff/portal/request-context.server";
import { createRecommendation, type NewRecommendation } from "../../bff/recommendation/recommendation.server";
import { backendsForSuite, onRealBackend, pageRequest } from "../support/backends";

const env = backendsForSuite();
const PORTAL = "http://allianz.localhost:3000";
const firstPage: ReportQuery = { orderBy: null, descending: false, pageSize: 10, page: 1, filter: "" };

async function contextFor(path = "/", cookies: string[] = []) {
  return requestContext(pageRequest("allianz", path, { cookies }), env.bff);
}

/** The browser's part: the identity provider's login form, answered; returns the return URL it redirects to. */
async function authorize(authorizeUrl: string, login: string, password = "Demo1234") {
  const url = new URL(authorizeUrl);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const form = new URLSearchParams([...url.searchParams, ["login", login], ["password", password]]);
  const answer = await fetch(url, { method: "POST", body: form, redirect: "manual" });
  return answer.headers.get("location");
}

/** The sign-on as the agency's sign-on page starts it. */
function startFor(context: RequestContext, returnTo: string) {
  return startSignOn(env.bff, context.tenant.agencySso!, { returnUrl: `${PORTAL}${AGENCY_SIGN_ON_RETURN_PAGE}`, returnTo });
}

async function signOn(login: string) {
  const context = await contextFor();
  const started = startFor(context, "/agentur/leads");
  const back = await authorize(started.url, login);
  expect(back).toMatch(new RegExp(`^${PORTAL}${AGENCY_SIGN_ON_RETURN_PAGE}\\?code=`));
  const returned = new URL(back!);
  return {
    started,
    returned,
    result: await completeSignOn(
      pageRequest("allianz", `${returned.pathname}${returned.search}`, { cookies: [started.setCookie] }),
      env.bff,
      context,
    ),
  };
}

async function agencySession(login = "inhaber@allianz.example") {
  const { result } = await signOn(login);
  if (!("session" in result)) throw new Error(`sign-on refused: ${result.refused}`);
  return result.session;
}

async function agencyApi(login = "inhaber@allianz.example") {
  return (await contextFor("/", [env.bff.cookies.agency.write(pageRequest("allianz"), await agencySession(login))])).api;
}

const signedOnToken = async () => (await agencySession()).token;

/**
 * The agency's reads with an agency token: on the simulator one from a sign-on, against a live backend
 * the one in CONTRACT_AGENCY_TOKEN (skipped without it). They read only: reports are PUTs that change nothing.
 */
describe.skipIf(onRealBackend && !process.env.CONTRACT_AGENCY_TOKEN)("agency reads with an agency token", () => {
  async function tokenAndApi() {
    const supplied = process.env.CONTRACT_AGENCY_TOKEN;
    if (!supplied) return { token: await signedOnToken(), api: await agencyApi() };
    const { apiWith } = await contextFor();
    return { token: supplied, api: apiWith({ agency: supplied }) };
  }

  it("the token check names the roles; each report and the overview read in their shapes", async () => {
    const { token, api } = await tokenAndApi();
    const check = await verifyAgencyToken((await contextFor()).api, token);
    expect(check.Gueltig).toBe(true);
    expect(check.Rollen.length).toBeGreaterThan(0);
    for (const report of agencyReports) {
      const page = await getAgencyReport(api, report, "alle", firstPage);
      expect(page.Content.length).toBeLessThanOrEqual(firstPage.pageSize);
      expect(page.TotalCount).toBeGreaterThanOrEqual(page.Content.length);
    }
    await expect(getAgencyStatistics(api)).resolves.toBeTruthy();
    await expect(getInvitationData(api)).resolves.toBeTruthy();
  });
});

describe.skipIf(onRealBackend)("agency single sign-on", () => {
  it("sends the browser to the identity provider with an S256 challenge, a state and a nonce of 28 random bytes", async () => {
    const { url, setCookie } = startFor(await contextFor(), "/agentur");
    const params = new URL(url).searchParams;
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("redirect_uri")).toBe(`${PORTAL}/agentur/sso`);
    expect(params.get("state")).toMatch(/^[0-9a-f]{56}$/);
    expect(params.get("nonce")).toMatch(/^[0-9a-f]{56}$/);
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(setCookie).toMatch(/^rp_sso=/);
    expect(setCookie).not.toContain(params.get("state")!);
  });

  it("exchanges the code with the verifier, and reads the roles from the token check", async () => {
    const { result } = await signOn("mitarbeiter@allianz.example");
    expect(result).toMatchObject({ session: { roles: ["AgenturMitarbeiter"], name: "Max Mitarbeiter" }, returnTo: "/agentur/leads" });
  });

  it("refuses a return with another state, without the sign-on cookie, or a code used twice", async () => {
    const context = await contextFor();
    const started = startFor(context, "/agentur");
    const returned = new URL((await authorize(started.url, "inhaber@allianz.example"))!);
    const code = returned.searchParams.get("code")!;
    const forged = pageRequest("allianz", `/agentur/sso?code=${code}&state=${"0".repeat(56)}`, { cookies: [started.setCookie] });
    expect(await completeSignOn(forged, env.bff, context)).toEqual({ refused: "state" });
    const withoutCookie = pageRequest("allianz", `${returned.pathname}${returned.search}`);
    expect(await completeSignOn(withoutCookie, env.bff, context)).toEqual({ refused: "state" });
    const genuine = pageRequest("allianz", `${returned.pathname}${returned.search}`, { cookies: [started.setCookie] });
    expect(await completeSignOn(genuine, env.bff, context)).toHaveProperty("session");
    expect(await completeSignOn(genuine, env.bff, context)).toEqual({ refused: "code" });
  });

  it("lets the backend refuse a verifier that does not match the challenge", async () => {
    const { api } = await contextFor();
    const started = startFor(await contextFor(), "/agentur");
    const code = new URL((await authorize(started.url, "inhaber@allianz.example"))!).searchParams.get("code")!;
    await expect(
      exchangeAgencyCode(api, { code, verifier: "x".repeat(56), redirectUri: `${PORTAL}${AGENCY_SIGN_ON_RETURN_PAGE}` }),
    ).rejects.toMatchObject({ upstreamStatus: 401 });
  });

  it("accepts only the registered return address, exactly, and exchanges a code only with the return address it was issued for", async () => {
    const started = startFor(await contextFor(), "/agentur");
    // An attacker's sign-on with their own return address, or a near miss of the registered one.
    for (const swapped of [
      "https://evil.example/agentur/sso",
      `${PORTAL}/agentur/sso/`,
      `${PORTAL}/agentur/sso?x=1`,
      `${PORTAL}.evil.example/agentur/sso`,
    ]) {
      const url = new URL(started.url);
      url.searchParams.set("redirect_uri", swapped);
      expect((await fetch(url)).status).toBe(400);
      const form = new URLSearchParams([...url.searchParams, ["login", "inhaber@allianz.example"], ["password", "Demo1234"]]);
      const answer = await fetch(url, { method: "POST", body: form, redirect: "manual" });
      expect(answer.status).toBe(400);
      expect(answer.headers.get("location")).toBeNull();
    }
    // The exchange names the return address; a code issued for the registered one is refused for another.
    const code = new URL((await authorize(started.url, "inhaber@allianz.example"))!).searchParams.get("code")!;
    const { api } = await contextFor();
    const { verifier } = env.bff.cookies.signOn.read(pageRequest("allianz", "/agentur/sso", { cookies: [started.setCookie] }))!;
    await expect(exchangeAgencyCode(api, { code, verifier, redirectUri: "https://evil.example/agentur/sso" })).rejects.toMatchObject({
      upstreamStatus: 401,
    });
    const genuine = await exchangeAgencyCode(api, { code, verifier, redirectUri: `${PORTAL}${AGENCY_SIGN_ON_RETURN_PAGE}` });
    expect(genuine.Token).toBeTruthy();
  });

  it("answers an unknown token as not valid", async () => {
    expect(await verifyAgencyToken((await contextFor()).api, "nope")).toEqual({ Gueltig: false, Rollen: [] });
  });
});

describe.skipIf(onRealBackend)("agency reports", () => {
  it("pages, sorts, filters and limits to a period on the server", async () => {
    const api = await agencyApi();
    const page = await getAgencyReport(api, "empfehlungen", "alle", { ...firstPage, orderBy: "Empfehlernummer", descending: true });
    expect(page).toMatchObject({ TotalCount: 23, PageCount: 3, HasNext: true });
    expect(page.Content).toHaveLength(10);
    expect(page.Content[0].Empfehlernummer).toBe("E-3023");
    const last = await getAgencyReport(api, "empfehlungen", "alle", { ...firstPage, page: 3 });
    expect(last).toMatchObject({ HasNext: false });
    expect(last.Content).toHaveLength(3);
    const filtered = await getAgencyReport(api, "empfehlungen", "alle", { ...firstPage, filter: "empfehler12@" });
    expect(filtered.TotalCount).toBe(1);
    const recent = await getAgencyReport(api, "leads", "30", firstPage);
    expect(recent.TotalCount).toBeLessThan((await getAgencyReport(api, "leads", "alle", firstPage)).TotalCount);
    for (const report of ["einladungen", "auftraege"] as const)
      expect((await getAgencyReport(api, report, "alle", firstPage)).TotalCount).toBeGreaterThan(0);
  });

  it("gives the owner's lists to the owner and refuses them to an employee", async () => {
    const owner = await agencyApi();
    expect((await getOwnerReport(owner, "rechnungen", firstPage)).TotalCount).toBe(6);
    expect((await getOwnerReport(owner, "mitarbeiter", firstPage)).Content.map((row) => row.Rolle)).toContain("AgenturMitarbeiter");
    const employee = await agencyApi("mitarbeiter@allianz.example");
    await expect(getOwnerReport(employee, "rechnungen", firstPage)).rejects.toMatchObject({ upstreamStatus: 403 });
    await expect(getOwnerReport(employee, "mitarbeiter", firstPage)).rejects.toMatchObject({ upstreamStatus: 403 });
  });

  it("reads padded statuses and roles as meant, and refuses statuses sent as numbers (never shown as 1 or 0)", async () => {
    const setDialect = (dialect: string[] | null) =>
      fetch(`${env.backends.legacyUrl}/__control`, { method: "POST", body: JSON.stringify({ dialect }) });
    try {
      await setDialect(["padded"]);
      const owner = await agencySession();
      expect(owner.roles).toEqual(["AgenturInhaber"]);
      const orders = await getAgencyReport(await agencyApi(), "auftraege", "alle", firstPage);
      expect(orders.Content.map((row) => row.Status)).toContain("Offen");
      const api = await agencyApi();
      await setDialect(["ordinalEnums"]);
      await expect(getAgencyReport(api, "auftraege", "alle", firstPage)).rejects.toMatchObject({
        status: 502,
        problems: expect.arrayContaining([expect.stringMatching(/^Content\.0\.Status: .*StringEnumConverter/)]),
      });
    } finally {
      await setDialect(null);
    }
  });

  it("sums the reports for the overview", async () => {
    const statistics = await getAgencyStatistics(await agencyApi("mitarbeiter@allianz.example"));
    expect(statistics).toMatchObject({ Empfehler: 23, Interessenten: 17 });
    expect(statistics.AuftraegeOffen + statistics.AuftraegeFreigegeben).toBe(14);
    expect(statistics.ProMonat).toHaveLength(6);
  });

  it("releases an open order once; a second release is refused with PSOF0220", async () => {
    const api = await agencyApi();
    const open = (await getAgencyReport(api, "auftraege", "alle", { ...firstPage, filter: "Offen" })).Content[0];
    await releaseOrder(api, String(open.Empfehlungsnummer), String(open.Empfaengernummer));
    await expect(releaseOrder(api, String(open.Empfehlungsnummer), String(open.Empfaengernummer))).rejects.toMatchObject({
      code: "PSOF0220",
      messageKey: "orderAlreadyReleased",
    });
  });

  it("refuses every agency call without an agency token", async () => {
    const { api } = await contextFor();
    await expect(getAgencyStatistics(api)).rejects.toMatchObject({ upstreamStatus: 401 });
  });
});

describe.skipIf(onRealBackend)("invitations", () => {
  it("offers the kinds and staff, checks the captcha first, and refuses the same address twice", async () => {
    const api = await agencyApi("mitarbeiter@allianz.example");
    const data = await getInvitationData(api);
    expect(data.Arten).toEqual(["Kunde", "Interessent", "Mitarbeiter"]);
    expect(data.Mitarbeiter.length).toBeGreaterThan(0);
    expect(await getInvitationCaptcha(api)).toEqual({ IsCaptchaRequired: false, Captcha: null });
    const invitation = { vorname: "Ina", nachname: "Neu", email: "ina.neu@example.org", art: "Kunde" };
    await sendInvitation(api, invitation);
    expect(env.backends.simulators!.legacy.mails({ to: invitation.email })).toHaveLength(1);
    await expect(sendInvitation(api, invitation)).rejects.toMatchObject({ messageKey: "emailExists" });

    env.backends.simulators!.legacy.switches.captchaTenants = ["allianz/Einladung"];
    const challenge = await getInvitationCaptcha(api);
    expect(challenge.IsCaptchaRequired).toBe(true);
    await expect(sendInvitation(api, { ...invitation, email: "other@example.org" })).rejects.toMatchObject({
      messageKey: "captchaRequired",
    });
    const [a, b] = challenge.Captcha!.Frage.split("+").map(Number);
    await sendInvitation(api, { ...invitation, email: "other@example.org", captcha: { id: challenge.Captcha!.Id, answer: String(a + b) } });
  });
});

describe.skipIf(onRealBackend)("agents", () => {
  it("searches six to a page and lists every agent with a photo", async () => {
    const { api } = await contextFor();
    const first = await searchAgents(api, {});
    expect(first).toMatchObject({ TotalCount: 14, PageCount: 3, HasNext: true });
    expect(first.Content).toHaveLength(6);
    expect(first.Content[0]).toMatchObject({
      ExterneId: expect.any(String),
      LastName: expect.any(String),
      ZipCode: expect.any(String),
      City: expect.any(String),
    });
    const dachau = await searchAgents(api, { query: "dachau" });
    expect(dachau.Content.every((agent) => agent.City === "Dachau")).toBe(true);
    const all = await getAgents(api);
    expect(all).toHaveLength(14);
    const photo = await getAgentPhoto(api, all[0].ExterneId);
    expect(photo).toMatchObject({ status: 200, contentType: "image/svg+xml" });
  });
});

describe.skipIf(onRealBackend)("recommending on someone's behalf", () => {
  const onBehalf: NewRecommendation = {
    productId: 2,
    channel: "agent",
    agbText: "Ich akzeptiere die Teilnahmebedingungen.",
    share: 100,
    recommender: { vorname: "Olga", nachname: "Otto", email: "olga.otto@example.org", newsletterPermission: false },
    agentNumber: "AG-1002",
  };

  it("records the agent with the agency token, and refuses an agent number without it", async () => {
    const { result } = await signOn("mitarbeiter@allianz.example");
    if (!("session" in result)) throw new Error("sign-on refused");
    expect(result.session.agentNumber).toBe("AG-1002");
    const context = await contextFor();
    const created = await createRecommendation(context.apiWith({ user: result.session.token }), onBehalf, {});
    const stored = env.backends
      .simulators!.legacy.recommendationsOf("allianz")
      .find((item) => item.empfehlungsnummer === created.Empfehlungsnummer);
    expect(stored).toMatchObject({ agentNumber: "AG-1002", recommenderEmail: "olga.otto@example.org" });
    await expect(
      createRecommendation(context.api, { ...onBehalf, recommender: { ...onBehalf.recommender, email: "x@example.org" } }, {}),
    ).rejects.toMatchObject({ upstreamStatus: 403 });
  });

  it("records the agent a visitor chose in the finder, and refuses one the finder does not list", async () => {
    const { api } = await contextFor();
    const [agent] = await getAgents(api);
    const visitor = { ...onBehalf, agentNumber: undefined, recommender: { ...onBehalf.recommender, email: "vera.visitor@example.org" } };
    const created = await createRecommendation(api, { ...visitor, recommendedAgent: agent.ExterneId }, {});
    const stored = env.backends
      .simulators!.legacy.recommendationsOf("allianz")
      .find((item) => item.empfehlungsnummer === created.Empfehlungsnummer);
    expect(stored).toMatchObject({ recommendedAgent: agent.ExterneId });
    await expect(createRecommendation(api, { ...visitor, productId: 3, recommendedAgent: "AG-0000" }, {})).rejects.toMatchObject({
      upstreamStatus: 400,
    });
  });
});
