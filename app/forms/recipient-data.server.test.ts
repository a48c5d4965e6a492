import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { recipientDataConstraint, recipientDataSchema, recommenderEmailProblem } from "./recipient-data.server";

const valid = {
  anrede: "Frau",
  vorname: "Erika",
  name: "Muster",
  geburtsdatum: "07.03.1990",
  email: "erika@example.org",
  telefon: "0301234567",
  strasse: "Lindenstraße",
  hausnummer: "12a",
  plz: "10969",
  ort: "Berlin",
};
const errorsOf = (fields: Record<string, string>, locale: "de-Sie" | "en" = "de-Sie") =>
  parseWithZod(new URLSearchParams(fields), { schema: recipientDataSchema(locale) }).reply().error ?? {};

describe("the recipient data form", () => {
  it("is made once per language and answers in that language", () => {
    expect(recipientDataSchema("de-Sie")).toBe(recipientDataSchema("de-Sie"));
    expect(recipientDataSchema("en")).not.toBe(recipientDataSchema("de-Sie"));
    expect(errorsOf({ ...valid, vorname: "", plz: "1011" })).toEqual({
      vorname: ["Vorname ist ein Pflichtfeld"],
      plz: ["PLZ ist nicht gültig"],
    });
    expect(errorsOf({ ...valid, vorname: "" }, "en").vorname?.[0]).toMatch(/first name/i);
  });

  it("takes an address addition up to 60 characters, and none at all", () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, adresszusatz: "c/o Muster" })).toEqual({});
    expect(errorsOf({ ...valid, adresszusatz: "x".repeat(61) })).toEqual({ adresszusatz: ["Adresszusatz ist nicht gültig"] });
  });

  it("checks the age against today's date, not the day the schema was made", () => {
    const thisYear = new Date().getFullYear();
    expect(errorsOf({ ...valid, geburtsdatum: `01.01.${thisYear - 10}` }).geburtsdatum).toHaveLength(1);
    expect(errorsOf(valid)).toEqual({});
  });

  it("refuses far-future and implausibly old birth dates next to the field, in the page's language", () => {
    expect(errorsOf({ ...valid, geburtsdatum: "01.01.9982" }).geburtsdatum).toEqual(["Das Geburtsdatum liegt in der Zukunft."]);
    expect(errorsOf({ ...valid, geburtsdatum: "31.12.9999" }).geburtsdatum).toEqual(["Das Geburtsdatum liegt in der Zukunft."]);
    expect(errorsOf({ ...valid, geburtsdatum: "01.01.1800" }).geburtsdatum).toEqual([
      "Bitte prüfen Sie das Geburtsdatum: Es liegt vor 1900.",
    ]);
    expect(errorsOf({ ...valid, geburtsdatum: "01.01.1800" }, "en").geburtsdatum).toEqual([
      "Please check the date of birth: it is before 1900.",
    ]);
    expect(errorsOf({ ...valid, geburtsdatum: "31.02.1990" }).geburtsdatum).toEqual(["Geburtsdatum ist nicht gültig"]);
  });

  it("refuses the recommender's own mailbox, however spelt (+tag sub-addresses included)", () => {
    expect(recommenderEmailProblem("demo+x@friday.example", "demo@friday.example", "de-Sie")).not.toBeNull();
    expect(recommenderEmailProblem("DEMO+reward@Friday.example ", "demo@friday.example", "de-Sie")).not.toBeNull();
    expect(recommenderEmailProblem("demo.x@friday.example", "demo@friday.example", "de-Sie")).toBeNull();
  });

  it("refuses the recommender's own address, whatever its case", () => {
    expect(recommenderEmailProblem(" Anna@Example.org", "anna@example.org", "de-Sie")).toBe(
      "Die E-Mail-Adresse darf nicht dieselbe, wie die der Empfehlung sein.",
    );
    expect(recommenderEmailProblem("erika@example.org", "anna@example.org", "de-Sie")).toBeNull();
  });

  it("gives the browser the same constraints each time", () => {
    expect(recipientDataConstraint()).toBe(recipientDataConstraint());
    expect(recipientDataConstraint()).toMatchObject({
      vorname: { required: true },
      plz: { required: true },
      werbeeinwilligung: { required: false },
    });
  });
});
