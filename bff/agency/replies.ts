// The replies of the agency calls. Reply shapes the documented contract leaves open: docs/decisions/010 and 020–023.
import { z } from "zod";
import { pageSchema } from "../legacy/contract";
import { legacyCode, legacyNumber } from "../legacy/legacy-code";

/** The agency roles the portal grants rights to (bff/for-agencies/agency-roles.ts); another casing reads as them, another name is noted. */
export const agencyRoles = ["AgenturInhaber", "AgenturMitarbeiter"] as const;

/** PUT agentur/sso: the agency token, and the nonce of the sign-on it was issued for. */
export const agencySignOnSchema = z.object({ Token: z.string().min(1), Nonce: z.string().nullish() });

/** GET token/verifyAgenturToken. */
export const agencyTokenCheckSchema = z.object({
  Gueltig: z.boolean(),
  Rollen: z.array(legacyCode(z.string(), agencyRoles)).default([]),
  Name: z.string().nullish(),
  Email: z.string().nullish(),
  /** The agency user's agent number, for recommendations made on someone's behalf. */
  Agentennummer: legacyNumber(z.string()).nullish(),
});

const reportCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export type ReportRow = Record<string, string | number | boolean | null>;

/** A report row: free-form cells, but its status, role and kind are names from a list (never a number the page would show as "1"). */
const reportRowSchema = z
  .object({
    // The status the portal acts on (an open order can be released); another in capitals reads as it.
    Status: legacyCode(z.string(), ["Offen"], { noteUnknown: false }).nullish(),
    Rolle: legacyCode(z.string(), agencyRoles, { noteUnknown: false }).nullish(),
    Art: legacyCode(z.string()).nullish(),
  })
  .catchall(reportCell);

export const reportPageSchema = pageSchema(reportRowSchema);

export type ReportPage = z.infer<typeof reportPageSchema>;

/** PUT agentur/statistik: the numbers behind the overview. */
export const agencyStatisticsSchema = z.object({
  Empfehler: z.number().int(),
  Interessenten: z.number().int(),
  AuftraegeOffen: z.number().int(),
  AuftraegeFreigegeben: z.number().int(),
  Einladungen: z.number().int(),
  ProMonat: z.array(z.object({ Monat: z.string(), Interessenten: z.number().int(), Auftraege: z.number().int() })),
});

export type AgencyStatistics = z.infer<typeof agencyStatisticsSchema>;

/** GET Einladung/daten: what the invitation form offers. */
export const invitationDataSchema = z.object({
  Agentur: z.string(),
  Arten: z.array(z.string()).min(1),
  Mitarbeiter: z.array(z.object({ Mitarbeiternummer: legacyNumber(z.string()), Name: z.string() })),
});

export type InvitationData = z.infer<typeof invitationDataSchema>;

export const agentSchema = z.object({
  ExterneId: z.string().min(1),
  LastName: z.string(),
  FirstName: z.string().nullish(),
  ZipCode: z.string(),
  City: z.string(),
  Photo: z.string().nullish(),
});

export type Agent = z.infer<typeof agentSchema>;

export const agentPageSchema = pageSchema(agentSchema);
