// Pages that a backend's size or slowness cannot take over (issue 35): the personal area shows a page
// of rows however many the backend sends, and CMS pictures that never come do not hold the content
// another tenant's page needs.
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { login } from "#bff/account/account.server";
import { requestContext } from "#bff/portal/request-context.server";
import { loader as areaLoader } from "../../app/routes/persoenlicherbereich";
import { createLoadContext } from "../../bff/portal/load-context.server";
import { backendsForSuite, onRealBackend, pageRequest } from "../support/backends";

const env = backendsForSuite();
const context = () => createLoadContext(env.bff, { cspNonce: "n", requestId: "r" });

describe.skipIf(onRealBackend)("a backend's long list", () => {
  it("is shown a page at a time, its figures counted over all of it", async () => {
    const many = Array.from({ length: 45 }, (_, index) => ({
      Empfehlungsnummer: `TK-9${String(index).padStart(5, "0")}`,
      Produkt: "MagentaZuhause",
      ErstelltAm: "2026-11-01",
      Status: index % 3 === 0 ? "Offen" : "Ok",
    }));
    const handlers = env.backends.simulators!.legacy.handlers;
    handlers.unshift(http.get("*/api/v1/Empfehler/empfehlungen", () => HttpResponse.json(many)));
    try {
      const { api } = await requestContext(pageRequest("telekom"), env.bff);
      const { Token } = await login(api, { email: "demo@telekom.example", password: "Demo1234" });
      const user = env.bff.cookies.user.write(pageRequest("telekom"), {
        token: Token,
        vorname: "Demo",
        nachname: "T",
        email: "demo@telekom.example",
        newsletterPermission: false,
      });
      const area = async (query: string) =>
        (await areaLoader({
          request: pageRequest("telekom", `/persoenlicherbereich${query}`, { cookies: [user] }),
          params: {},
          context: context(),
        })) as { recommendations: { number: string }[]; figures: { all: number; open: number }; listPage: number; pageCount: number };
      const first = await area("");
      expect(first.recommendations).toHaveLength(20);
      expect(first).toMatchObject({ listPage: 1, pageCount: 3, figures: { all: 45, open: 15 } });
      const last = await area("?seite=3");
      expect(last.recommendations.map((row) => row.number)).toEqual(many.slice(40).map((row) => row.Empfehlungsnummer));
      expect((await area("?seite=99")).listPage).toBe(3);
      expect((await area("?seite=-1")).listPage).toBe(1);
    } finally {
      handlers.shift();
    }
  });
});

describe.skipIf(onRealBackend)("CMS pictures that never come", () => {
  it("hold only their own budget: the content of a page answers, and pictures beyond the budget are refused at once", async () => {
    const handlers = env.backends.simulators!.cms.handlers;
    handlers.unshift(http.get("*/assets/:app/:name", () => delay("infinite")));
    try {
      const config = await env.bff.tenants.configOf(env.bff.tenants.resolve("allianz.localhost"));
      const size = { width: 40, height: 40 };
      const pictures = Array.from({ length: 20 }, () =>
        env.bff.cms.asset(config, "logo.svg", size, null).then(
          () => "came",
          () => "refused",
        ),
      );
      let picturesSettled = false;
      void Promise.all(pictures).then(() => (picturesSettled = true));
      env.bff.sharedReads.clear();
      await expect(env.bff.cms.getFaq(config, "allgemein", "de")).resolves.not.toHaveLength(0);
      expect(picturesSettled).toBe(false);
      // Sixteen wait within the budget; the four beyond it are refused without waiting.
      const early = await Promise.race([Promise.all(pictures.slice(16)), delay(200).then(() => "waiting")]);
      expect(early).toEqual(["refused", "refused", "refused", "refused"]);
    } finally {
      handlers.shift();
    }
  }, 15_000);
});
