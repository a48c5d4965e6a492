// The recipient calls and the completion tracking, against the simulator.
import { describe, expect, it } from "vitest";
import { requestContext } from "../../bff/portal/request-context.server";
import {
  acceptRecipientTerms,
  checkRecipientExists,
  completeTracking,
  createRecipient,
  getRecipientOrder,
  getRecipientReward,
  saveRecipientBankData,
} from "../../bff/recipient/recipient.server";
import type { RecipientData } from "../../bff/recipient/replies";
import { countLanding, getProductLink, getRecommendationByLink, isGenuineLink } from "../../bff/recommendation/recommendation.server";
import { backendsForSuite, onRealBackend, pageRequest, writing } from "../support/backends";

const env = backendsForSuite();

const recipient = (email = "max.mustermann@example.org"): RecipientData => ({
  anrede: "Herr",
  vorname: "Max",
  name: "Mustermann",
  geburtsdatum: "07.03.1990",
  email,
  telefon: "0301234567",
  werbeeinwilligung: false,
  adresse: { strasse: "Hauptstraße", hausnummer: "1a", plz: "10115", ort: "Berlin" },
});

async function api(tenant: string, recipientToken?: string) {
  const cookies = recipientToken ? [env.bff.cookies.recipient.write(pageRequest(tenant), { token: recipientToken })] : [];
  return (await requestContext(pageRequest(tenant, "/", { cookies }), env.bff)).api;
}

describe.each(["telekom", "friday"])("recipient journey calls, tenant %s", (tenant) => {
  writing.it("create, complete, consent, bank data and order status", async () => {
    const number = env.backends.fixtures[tenant].recommendations.valid[0];
    const created = await createRecipient(await api(tenant), number, recipient(), { channel: "mail" });
    expect(created.Empfaengernummer).toBeTruthy();
    await expect(checkRecipientExists(await api(tenant), created.Empfaengernummer)).resolves.toEqual({
      Empfaengernummer: created.Empfaengernummer,
    });
    await expect(completeTracking(await api(tenant), number, created.Empfaengernummer, recipient())).resolves.toBeNull();

    const asRecipient = await api(tenant, created.Token);
    await expect(acceptRecipientTerms(asRecipient, "AGB Stand 01/2026")).resolves.toBeNull();
    await expect(
      saveRecipientBankData(asRecipient, { iban: "DE89370400440532013000", kontoinhaber: "Max Mustermann" }),
    ).resolves.toBeNull();
    await expect(getRecipientOrder(asRecipient)).resolves.toMatchObject({
      Empfehlungsnummer: number,
      AgbAkzeptiert: true,
      BankdatenHinterlegt: true,
    });
    const reward = await getRecipientReward(asRecipient, number);
    expect(reward.AnteilProzent).toBeGreaterThanOrEqual(0);
    expect(reward.WertCent).toBeGreaterThanOrEqual(0);
  });

  it.skipIf(onRealBackend)("sends the address addition where one is given, and nothing for it where none is", async () => {
    const [number] = env.backends.fixtures[tenant].recommendations.valid;
    const withAddition = recipient("mit.zusatz@example.org");
    withAddition.adresse.adresszusatz = "c/o Muster";
    const created = await createRecipient(await api(tenant), number, withAddition);
    await createRecipient(await api(tenant), number, recipient("ohne.zusatz@example.org"));
    const sent = env.backends.simulators!.legacy.createdRecipients();
    expect(sent.find((item) => item.empfaengernummer === created.Empfaengernummer)?.address).toEqual({
      Strasse: "Hauptstraße",
      Hausnummer: "1a",
      Adresszusatz: "c/o Muster",
      Plz: "10115",
      Ort: "Berlin",
    });
    expect(sent.find((item) => item.email === "ohne.zusatz@example.org")?.address).toEqual({
      Strasse: "Hauptstraße",
      Hausnummer: "1a",
      Plz: "10115",
      Ort: "Berlin",
    });
  });

  it.skipIf(onRealBackend)("gives the recipient's reward only for their own recommendation", async () => {
    const [number, other] = env.backends.fixtures[tenant].recommendations.valid;
    const created = await createRecipient(await api(tenant), number, recipient(`own.${tenant}@example.org`), { channel: "mail" });
    const asRecipient = await api(tenant, created.Token);
    await expect(getRecipientReward(asRecipient, number)).resolves.toMatchObject({ AnteilProzent: expect.any(Number) });
    await expect(getRecipientReward(asRecipient, other)).rejects.toMatchObject({ upstreamStatus: 403 });
  });

  // Refusals of writes: still posts to the write calls, so only where writes are allowed.
  writing.it("refuses an expired recommendation with 'recommendation no longer possible'", async () => {
    const expired = env.backends.fixtures[tenant].recommendations.expired[0];
    await expect(createRecipient(await api(tenant), expired, recipient())).rejects.toMatchObject({
      messageKey: "recommendationNotPossible",
    });
  });

  writing.it("refuses the recommender's own e-mail address", async () => {
    const number = env.backends.fixtures[tenant].recommendations.valid[0];
    const own = env.backends.fixtures[tenant].logins[0].email;
    await expect(createRecipient(await api(tenant), number, recipient(own))).rejects.toMatchObject({
      messageKey: "recipientEmailEqualsRecommender",
    });
  });

  writing.it("refuses bank data without a recipient token, and an invalid IBAN", async () => {
    await expect(saveRecipientBankData(await api(tenant), { iban: "DE89370400440532013000", kontoinhaber: "X" })).rejects.toMatchObject({
      messageKey: "notAuthorised",
    });
    const number = env.backends.fixtures[tenant].recommendations.valid[0];
    const created = await createRecipient(await api(tenant), number, recipient());
    await expect(
      saveRecipientBankData(await api(tenant, created.Token), { iban: "DE88370400440532013000", kontoinhaber: "X" }),
    ).rejects.toMatchObject({ messageKey: "bankDataNotSaved" });
  });
});

describe.skipIf(onRealBackend)("recipient creation on the simulator", () => {
  it("answers a repeated creation with the same recipient", async () => {
    const number = env.backends.fixtures.standard.recommendations.valid[0];
    const first = await createRecipient(await api("standard"), number, recipient());
    const second = await createRecipient(await api("standard"), number, recipient());
    expect(second).toEqual(first);
  });
});

describe("the insurance programme's link forms", () => {
  writing.it("read a recommendation by its link, count the landing and name the product link", async () => {
    const number = env.backends.fixtures.friday.recommendations.valid[0];
    const friday = await api("friday");
    const hex = Buffer.from(number).toString("hex");
    await expect(getRecommendationByLink(friday, number, hex)).resolves.toMatchObject({ Empfehlungsnummer: number });
    await expect(getRecommendationByLink(friday, number, hex, { anyProduct: true })).resolves.toMatchObject({ Empfehlungsnummer: number });
    await expect(getRecommendationByLink(friday, number, "00ff")).rejects.toMatchObject({ upstreamStatus: 404 });
    await expect(countLanding(friday, number)).resolves.toBeNull();
    if (!onRealBackend) expect(env.backends.simulators!.legacy.landingsOf(number)).toBe(1);
    const link = await getProductLink(friday, number, { channel: "mail" });
    expect(link.Url).toMatch(/^https:\/\//);
  });

  it("tell a genuine link from a made-up one", () => {
    expect(isGenuineLink("FR-100001", Buffer.from("FR-100001").toString("hex"))).toBe(true);
    expect(isGenuineLink("FR-100001", "abcd")).toBe(false);
  });
});
