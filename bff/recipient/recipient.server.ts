// The recipient calls (docs/legacy-api.md) and the completion tracking.
import { noContentSchema } from "../legacy/contract";
import { hexEncode } from "../legacy/hex-encode";
import type { LegacyApi } from "../legacy/legacy-client.server";
import { recipientCreatedSchema, type RecipientData, recipientExistsSchema, recipientOrderSchema, recipientRewardSchema } from "./replies";

/** The existence check takes the recipient number hex-encoded. */
export function checkRecipientExists(api: LegacyApi, empfaengernummer: string) {
  return api.request({ call: "checkRecipientExists", path: `empfaenger/${hexEncode(empfaengernummer)}`, schema: recipientExistsSchema });
}

/** The legacy body's name of each field of the recipient's data: a field without one fails the type check. */
const LEGACY_PERSON_FIELDS = {
  anrede: "Anrede",
  vorname: "Vorname",
  name: "Name",
  geburtsdatum: "Geburtsdatum",
  email: "Email",
  telefon: "Telefon",
  werbeeinwilligung: "Werbeeinwilligung",
} as const satisfies Record<keyof Omit<RecipientData, "adresse">, string>;
const LEGACY_ADDRESS_FIELDS = {
  strasse: "Strasse",
  hausnummer: "Hausnummer",
  adresszusatz: "Adresszusatz",
  plz: "Plz",
  ort: "Ort",
} as const satisfies Record<keyof RecipientData["adresse"], string>;

/** The fields under their legacy names; one not given (an optional one left empty) is not sent. */
function renamed(values: Record<string, unknown>, legacyNames: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(legacyNames)
      .filter(([field]) => values[field] !== undefined)
      .map(([field, legacyName]) => [legacyName, values[field]]),
  );
}

function legacyRecipientBody({ adresse, ...person }: RecipientData) {
  return { ...renamed(person, LEGACY_PERSON_FIELDS), Adresse: renamed(adresse, LEGACY_ADDRESS_FIELDS) };
}

/** Creates the recipient of a recommendation; the reply carries the recipient's number and token. */
export function createRecipient(
  api: LegacyApi,
  empfehlungsnummer: string,
  data: RecipientData,
  { channel, query = {} }: { channel?: string; query?: Record<string, string> } = {},
) {
  return api.request({
    call: "createRecipient",
    method: "POST",
    path: `empfaenger/create/${encodeURIComponent(empfehlungsnummer)}`,
    query: { ...query, channel },
    body: legacyRecipientBody(data),
    schema: recipientCreatedSchema,
  });
}

/** The completion payload: what the recipient gave, for the tenant's tracking. */
export function completeTracking(api: LegacyApi, empfehlungsnummer: string, empfaengernummer: string, data: RecipientData) {
  return api.request({
    call: "completeTracking",
    method: "POST",
    path: "tracking/abschliessen/",
    query: { channel: "co", einsprungsquelle: "Einsprungslink" },
    body: { empfehlungsnummer, empfaengernummer, empfaengerdaten: data },
    schema: noContentSchema,
  });
}

export function acceptRecipientTerms(api: LegacyApi, agbText: string) {
  return api.request({
    call: "acceptRecipientTerms",
    method: "PUT",
    path: "empfaenger/zustimmung",
    body: { AgbText: agbText },
    schema: noContentSchema,
  });
}

export function saveRecipientBankData(api: LegacyApi, bank: { iban: string; kontoinhaber: string }) {
  return api.request({
    call: "saveRecipientBankData",
    method: "POST",
    path: "empfaenger/bankdaten",
    body: { Iban: bank.iban, Kontoinhaber: bank.kontoinhaber },
    schema: noContentSchema,
  });
}

/** What the recipient gets for following the recommendation (with the recipient token). */
export function getRecipientReward(api: LegacyApi, empfehlungsnummer: string) {
  return api.request({
    call: "getRecipientReward",
    path: `empfaenger/${encodeURIComponent(empfehlungsnummer)}/praemie/`,
    schema: recipientRewardSchema,
  });
}

export function getRecipientOrder(api: LegacyApi) {
  return api.request({ call: "getRecipientOrder", path: "empfaenger/auftrag", schema: recipientOrderSchema });
}
