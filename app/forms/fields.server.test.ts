// Single-line fields take no control or bidi characters (a line break, NUL, ESC, a right-to-left
// override): what a spreadsheet or a mail would read differently from what the page shows.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { bankDataSchema } from "./bank-data.server";
import { contactSchema } from "./contact.server";
import { colleagueSchema } from "./invitation.server";
import { recipientDataSchema } from "./recipient-data.server";

const t = fixedT("de-Sie");
const colleague = { vorname: "Anne-Marie", nachname: "O'Neil", email: "anne@example.org" };
const errorsOf = (fields: Record<string, string>) =>
  parseWithZod(new URLSearchParams(fields), { schema: colleagueSchema(t, { askCaptcha: false }) }).reply().error ?? {};

describe("single-line fields", () => {
  it.each([
    ["a bare line feed and a formula", "Anna\n=1+1*CHAR(65)"],
    ["a carriage return", "Anna\rB"],
    ["NUL", "Anna\u0000"],
    ["ESC", "\u001b[31mAnna"],
    ["a C1 control", "Anna\u0085"],
    ["a right-to-left override", "Anna\u202Egpj.exe"],
    ["a bidi isolate", "Anna\u2066B\u2069"],
    ["a left-to-right mark", "Anna\u200E"],
  ])("refuse %s, with the message next to the field", (_name, vorname) => {
    expect(errorsOf({ ...colleague, vorname })).toEqual({ vorname: ["Vorname darf keine Zeilenumbrüche oder Steuerzeichen enthalten."] });
  });

  it("take names as people write them, in any script", () => {
    for (const vorname of ["Jürgen", "São", "Zoë-Émilie", "李", "Ольга", "محمد"])
      expect(errorsOf({ ...colleague, vorname }), vorname).toEqual({});
  });

  it("hold for the account holder of bank data", () => {
    const bankData = bankDataSchema(t, { germanOnly: true });
    const fields = { iban: "DE89370400440532013000", kontoinhaber: "Erika\u202EMuster" };
    expect(parseWithZod(new URLSearchParams(fields), { schema: bankData }).reply().error).toEqual({
      kontoinhaber: ["Kontoinhaber darf keine Zeilenumbrüche oder Steuerzeichen enthalten."],
    });
  });

  it("hold in the recipient's address and the contact form's subject; the message may have lines, not controls", () => {
    const recipient = recipientDataSchema("de-Sie");
    const address = { anrede: "Frau", vorname: "Erika", name: "Muster", geburtsdatum: "07.03.1990", email: "e@example.org" };
    const fields = { ...address, telefon: "0301234567", strasse: "Linden\nstraße", hausnummer: "12", plz: "10969", ort: "Ber\u202Elin" };
    expect(Object.keys(parseWithZod(new URLSearchParams(fields), { schema: recipient }).reply().error ?? {})).toEqual(["strasse", "ort"]);
    const contact = contactSchema(t, { askCaptcha: false });
    const message = { vorname: "A", nachname: "B", email: "a@example.org", betreff: "Frage", nachricht: "Zeile 1\r\nZeile 2\tmit Tab" };
    expect(parseWithZod(new URLSearchParams(message), { schema: contact }).status).toBe("success");
    const refused = parseWithZod(new URLSearchParams({ ...message, betreff: "Fr\nage", nachricht: "\u0000" }), { schema: contact });
    expect(refused.reply().error).toEqual({
      betreff: ["Betreff darf keine Zeilenumbrüche oder Steuerzeichen enthalten."],
      nachricht: ["Ihre Nachricht darf keine Steuerzeichen enthalten."],
    });
  });
});
