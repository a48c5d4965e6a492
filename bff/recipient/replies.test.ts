import { describe, expect, it } from "vitest";
import { recipientDataOf, recipientFormValuesOf } from "./replies";

const person = {
  anrede: "Frau" as const,
  vorname: "Erika",
  name: "Muster",
  geburtsdatum: "07.03.1990",
  email: "erika@example.org",
  telefon: "0301234567",
  werbeeinwilligung: true,
};

describe("the recipient's data", () => {
  it("puts the form's address fields, and only those, into the address, and back", () => {
    const flat = { ...person, strasse: "Lindenstraße", hausnummer: "12a", adresszusatz: "c/o Muster", plz: "10969", ort: "Berlin" };
    const data = recipientDataOf(flat);
    expect(data).toEqual({
      ...person,
      adresse: { strasse: "Lindenstraße", hausnummer: "12a", adresszusatz: "c/o Muster", plz: "10969", ort: "Berlin" },
    });
    expect(recipientFormValuesOf(data)).toEqual(flat);
  });
});
