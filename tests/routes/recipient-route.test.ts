// The recipient form's action, called directly with a Request as Remix would, over the simulator.
import { expect, it } from "vitest";
import { action as consentAction } from "../../app/routes/empfaenger.zustimmung";
import { action, loader } from "../../app/routes/empfaengerdaten.$empfehlungsnummer";
import { createLoadContext } from "../../bff/portal/load-context.server";
import { backendsForSuite, onSimulatorOnly, pageRequest } from "../support/backends";

const env = backendsForSuite();

const context = () => createLoadContext(env.bff, { cspNonce: "n", requestId: "test-request" });

/** Posts the data form; ST- numbers are the standard tenant's (terms accepted with the data), TK- telekom's (consent a step of its own). */
const tenantOf = (number: string) => (number.startsWith("ST-") ? "standard" : "telekom");

function post(number: string, fields: Record<string, string>, cookies: string[] = []) {
  const request = pageRequest(tenantOf(number), `/empfaengerdaten/${number}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    cookies,
  });
  return action({ request, params: { empfehlungsnummer: number }, context: context() });
}

function consent(cookies: string[]) {
  const request = pageRequest("telekom", "/empfaenger/zustimmung", {
    method: "POST",
    body: new URLSearchParams({ zustimmung: "yes" }),
    cookies,
  });
  return consentAction({ request, params: {}, context: context() });
}

const valid = {
  anrede: "Herr",
  vorname: "Max",
  name: "Mustermann",
  geburtsdatum: "07.03.1990",
  email: "max@example.org",
  telefon: "0301234567",
  strasse: "Hauptstraße",
  hausnummer: "1",
  plz: "10115",
  ort: "Berlin",
};

/** The channel cookie of a visitor who came through a WhatsApp link. */
const whatsappChannel = (tenant: string) => env.bff.choices.channel.write(pageRequest(tenant), "whatsapp");

onSimulatorOnly("the recipient form's action", () => {
  it("creates the recipient with the channel from the cookie, completes the tracking and sets the recipient cookie", async () => {
    const response = (await post("ST-100003", { ...valid, submissionId: crypto.randomUUID() }, [whatsappChannel("standard")])) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/bankdaten");
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^rp_recipient=/);
    expect(cookie).not.toMatch(/Max-Age/i);
    const [created] = env.backends.simulators!.legacy.createdRecipients();
    expect(created).toMatchObject({ empfehlungsnummer: "ST-100003", channel: "whatsapp", completed: true, agbText: expect.any(String) });
    expect(env.bff.cookies.recipient.read(pageRequest("standard", "/", { cookies: [cookie] }))).toMatchObject({
      empfaengernummer: created.empfaengernummer,
    });
  });

  it("where consent is a step of its own, keeps the data sealed in the browser until consent, then creates the recipient once", async () => {
    const data = (await post("TK-100003", { ...valid, submissionId: crypto.randomUUID() }, [whatsappChannel("telekom")])) as Response;
    expect(data.headers.get("Location")).toBe("/empfaenger/zustimmung");
    const draft = data.headers.get("Set-Cookie")!;
    expect(draft).toMatch(/^rp_recipient_draft=/);
    expect(draft).not.toContain("Mustermann");
    expect(env.backends.simulators!.legacy.createdRecipients()).toEqual([]);

    const [first, again] = (await Promise.all([consent([draft]), consent([draft])])) as Response[];
    for (const response of [first, again]) expect(response.headers.get("Location")).toBe("/bankdaten");
    const [created, ...more] = env.backends.simulators!.legacy.createdRecipients();
    expect(more).toEqual([]);
    expect(created).toMatchObject({ empfehlungsnummer: "TK-100003", channel: "whatsapp", name: "Mustermann", completed: true });
    expect(created.agbText).toContain("Teilnahmebedingungen");
    const cookies = first.headers.getSetCookie();
    expect(cookies.some((cookie) => /^rp_recipient_draft=; Max-Age=0/.test(cookie))).toBe(true);
    expect(env.bff.cookies.recipient.read(pageRequest("telekom", "/", { cookies }))).toMatchObject({
      empfaengernummer: created.empfaengernummer,
    });
  });

  it("a refusal of the e-mail address at consent leads back to the data page, the message next to the field and the data kept", async () => {
    const data = (await post("TK-100003", { ...valid, submissionId: crypto.randomUUID() })) as Response;
    env.backends.simulators!.legacy.switches.fault = { kind: "refused", path: "/empfaenger/create/", code: "PSOF0205" };
    const refused = (await consent([data.headers.get("Set-Cookie")!]).catch((thrown: unknown) => thrown)) as Response;
    expect(refused.headers.get("Location")).toBe("/empfaengerdaten/TK-100003");
    const page = (await loader({
      request: pageRequest("telekom", "/empfaengerdaten/TK-100003", { cookies: [refused.headers.get("Set-Cookie")!] }),
      params: { empfehlungsnummer: "TK-100003" },
      context: context(),
    })) as { given: { initialValue: Record<string, string>; error: Record<string, string[]> } };
    expect(page.given.initialValue).toMatchObject({ vorname: "Max", plz: "10115" });
    expect(page.given.error.email).toEqual(["Dies ist keine gültige E-Mail-Adresse."]);
  });

  it("answers invalid input with status 400, the messages and what was typed", async () => {
    const result = await post("TK-100003", { ...valid, plz: "1011", email: "demo@telekom.example" });
    const { data, init } = result as unknown as {
      data: { error: Record<string, string[]>; initialValue: Record<string, string> };
      init: { status: number };
    };
    expect(init.status).toBe(400);
    expect(data.error.plz).toEqual(["PLZ ist nicht gültig"]);
    expect(data.error.email).toEqual(["Die E-Mail-Adresse darf nicht dieselbe, wie die der Empfehlung sein."]);
    expect(data.initialValue.vorname).toBe("Max");
    expect(env.backends.simulators!.legacy.createdRecipients()).toEqual([]);
  });

  it("keeps every value and shows the friendly message when the backend fails, and clears the recipient cookie", async () => {
    env.backends.simulators!.legacy.switches.fault = { kind: "error500", path: "/empfaenger/create/" };
    const result = await post("ST-100003", valid);
    const { data, init } = result as unknown as {
      data: { error: Record<string, string[]>; initialValue: Record<string, string> };
      init: { status: number; headers: HeadersInit };
    };
    expect(init.status).toBe(502);
    expect(data.error[""]).toEqual(["Es ist ein technischer Fehler aufgetreten. Bitte versuchen Sie es später noch einmal."]);
    expect(data.initialValue).toMatchObject(valid);
    expect(new Headers(init.headers).get("Set-Cookie")).toMatch(/^rp_recipient=; Max-Age=0/);
  });

  /** The sealed field of the form the page rendered, as the browser posts it back. */
  async function shownOnPage(number: string) {
    const request = pageRequest(tenantOf(number), `/empfaengerdaten/${number}`);
    const page = (await loader({
      request,
      params: { empfehlungsnummer: number },
      context: createLoadContext(env.bff, { cspNonce: "n", requestId: "r" }),
    })) as {
      shown: string;
    };
    return page.shown;
  }
  const callsOf = (method: string, path: string) => env.backends.simulators!.legacy.callsTo(method, path);

  it("posts with what the page showed: create, then tracking, without reading the recommendation again", async () => {
    const shown = await shownOnPage("ST-100003");
    expect(shown).not.toContain("demo@standard.example");
    env.backends.simulators!.legacy.reset();
    const response = (await post("ST-100003", { ...valid, shown })) as Response;
    expect(response.headers.get("Location")).toBe("/bankdaten");
    expect(callsOf("GET", "/api/v1/empfehlen/ST-100003")).toBe(0);
    expect(callsOf("POST", "/api/v1/empfaenger/create/ST-100003")).toBe(1);
    // The same-address rule still holds, from the sealed address.
    const refused = (await post("ST-100003", { ...valid, email: "demo@standard.example", shown })) as unknown as {
      data: { error: Record<string, string[]> };
    };
    expect(refused.data.error.email).toEqual(["Die E-Mail-Adresse darf nicht dieselbe, wie die der Empfehlung sein."]);
    expect(callsOf("GET", "/api/v1/empfehlen/ST-100003")).toBe(0);
  });

  it("reads the recommendation again where the sealed field is missing, changed, or made for another recommendation", async () => {
    const shown = await shownOnPage("TK-100003");
    for (const other of ["", `${shown.slice(0, -2)}AA`, await shownOnPage("TK-100001")]) {
      env.backends.simulators!.legacy.reset();
      const refused = (await post("TK-100003", { ...valid, email: "demo@telekom.example", shown: other })) as unknown as {
        data: { error: Record<string, string[]> };
      };
      expect(refused.data.error.email).toEqual(["Die E-Mail-Adresse darf nicht dieselbe, wie die der Empfehlung sein."]);
      expect(callsOf("GET", "/api/v1/empfehlen/TK-100003")).toBe(1);
    }
  });

  it("leads to the expired page when the recommendation expired after the page was shown: the backend refuses it at create", async () => {
    const shown = await shownOnPage("ST-100003");
    env.backends.simulators!.legacy.expireRecommendation("standard", "ST-100003");
    const response = (await post("ST-100003", { ...valid, shown }).catch((thrown: unknown) => thrown)) as Response;
    expect(response.headers.get("Location")).toBe("/empfehlungabgelaufen");
    expect(env.backends.simulators!.legacy.createdRecipients()).toEqual([]);
  });
});
