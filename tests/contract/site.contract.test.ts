// The calls around the site: the contact form (captcha state, sending with a copy), the CMS
// blocks of the legal pages, and the catalogue.
import { describe, expect, it } from "vitest";
import { getCatalogueImage, getMobileOffers, getProducts } from "../../bff/catalogue/catalogue.server";
import { type ContactMessage, getContactCaptcha, sendContactMessage } from "../../bff/content/contact.server";
import { requestContext } from "../../bff/portal/request-context.server";
import { backendsForSuite, onRealBackend, pageRequest, writing } from "../support/backends";

const env = backendsForSuite();

const message: ContactMessage = {
  vorname: "Eva",
  nachname: "Engel",
  email: "eva@example.org",
  betreff: "Frage",
  nachricht: "Wann kommt meine Prämie?",
  kopieAnMich: true,
};

async function apiFor(tenant: string) {
  return (await requestContext(pageRequest(tenant), env.bff)).api;
}

describe("contact", () => {
  writing.it("sends a message without a captcha when none is needed, with the copy mailed to the sender", async () => {
    const api = await apiFor("standard");
    expect(await getContactCaptcha(api)).toMatchObject({ IsCaptchaRequired: false });
    await expect(sendContactMessage(api, message)).resolves.toBeNull();
    if (!onRealBackend) expect(env.backends.simulators!.legacy.mails({ to: message.email, kind: "contact-copy" })).toHaveLength(1);
  });

  it.skipIf(onRealBackend)("needs the captcha's answer for the tenant that asks for one", async () => {
    env.backends.simulators!.legacy.switches.captchaTenants = ["telekom"];
    const api = await apiFor("telekom");
    await expect(sendContactMessage(api, message)).rejects.toMatchObject({ messageKey: "captchaRequired" });
    const { Captcha } = await getContactCaptcha(api);
    const [a, b] = Captcha!.Frage.split("+").map(Number);
    await expect(sendContactMessage(api, { ...message, captcha: { id: Captcha!.Id, answer: String(a + b) } })).resolves.toBeNull();
    expect(await getContactCaptcha(await apiFor("standard"))).toMatchObject({ IsCaptchaRequired: false });
  });

  writing.it("refuses an invalid address", async () => {
    await expect(sendContactMessage(await apiFor("friday"), { ...message, email: "kein" })).rejects.toMatchObject({
      messageKey: "invalidEmail",
    });
  });
});

describe("catalogue", () => {
  it("products of one API category, the devices of a tariff, and product and category pictures", async () => {
    const api = await apiFor("telekom");
    const fibre = await getProducts(api, "telekom", { category: "glasfaser" });
    expect(fibre.map((product) => product.Id)).toEqual([632]);
    const offers = await getMobileOffers(api, 633);
    expect(offers.map((offer) => offer.GeraeteTyp)).toEqual(["smartphone", "smartphone"]);
    expect(offers[0]).toMatchObject({ TarifId: 633, PreisHandy: expect.any(Number) });
    for (const [owner, kind] of [
      ["produkt", "grafik"],
      ["produkt", "sgrafik"],
      ["produktkategorie", "icon"],
      ["produktkategorie", "grafik"],
    ] as const) {
      // Passed through as it comes: a picture, or 404 where the backend has none (the simulator has none;
      // the portal then draws its own: app/artwork.server.test.ts, tests/e2e/catalogue.spec.ts).
      const picture = await getCatalogueImage(api, owner, owner === "produkt" ? 631 : 1, kind);
      expect([200, 404]).toContain(picture.status);
      if (picture.status === 200) expect(picture.contentType).toMatch(/^image\//);
    }
  });
});
