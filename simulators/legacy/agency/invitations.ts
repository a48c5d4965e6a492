// Invitations in the legacy simulator: what the form offers, and an invitation (with the backend's
// captcha) by an agency user, or by anybody recommending a colleague where the tenant allows it.
import { http, type HttpHandler, HttpResponse } from "msw";
import type { ResolverArgs, SimulatorKit } from "../kit";
import { captchaTools, mailer } from "../mail";
import { EMAIL, legacyError, noContent, normalisedEmail } from "../replies";
import { isoDay } from "../seed";
import { agencyUserFor, asAgency, holds } from "./access";

type Invitation = {
  Vorname?: string;
  Nachname?: string;
  Email?: string;
  Art?: string;
  Mitarbeiternummer?: string;
  Captcha?: { Id?: string; Antwort?: string };
};
const KINDS = ["Kunde", "Interessent", "Mitarbeiter"];

export function invitationHandlers(kit: SimulatorKit): HttpHandler[] {
  const { captchaError, challenge } = captchaTools(kit, "Einladung");
  const sendMail = mailer(kit);

  /** An agency user invites anyone; with ModuleCompanyRecommendation anybody may recommend a colleague (Art 'Mitarbeiter'). */
  function refusedInviter({ request, tenantId, tenant }: ResolverArgs, body: Invitation | null) {
    const agencyUser = agencyUserFor(kit, request, tenantId);
    const colleague = tenant.config.ModuleCompanyRecommendation && (body === null || body.Art === "Mitarbeiter");
    if (agencyUser ? !holds(agencyUser, "Einladungstool") : !colleague) return legacyError(agencyUser ? 403 : 401, "PSOF0103");
    return kit.state().agency.reports.has(tenantId) ? null : legacyError(404, "PSOF0001", "no agency");
  }

  async function invite(args: ResolverArgs) {
    const text = await args.request.text();
    const body = (text.trim() === "" ? null : JSON.parse(text)) as Invitation | null;
    const refused = refusedInviter(args, body);
    if (refused) return refused;
    if (body === null) return HttpResponse.json(challenge(args.tenantId));
    const captchaFailed = captchaError(args.tenantId, body.Captcha);
    if (captchaFailed) return captchaFailed;
    const email = normalisedEmail(body.Email);
    if (!EMAIL.test(email)) return legacyError(400, "PSOF0205");
    if (!body.Vorname || !body.Nachname || !KINDS.includes(String(body.Art))) return legacyError(400, "PSOF0001", "invitation incomplete");
    const invited = kit.state().agency.reports.get(args.tenantId)!.einladungen;
    if (invited.some((row) => row.Email === email)) return legacyError(409, "PSOF0202");
    const person = { Vorname: body.Vorname, Nachname: body.Nachname, Email: email, Art: String(body.Art) };
    invited.unshift({
      ...person,
      Mitarbeiternummer: body.Mitarbeiternummer ?? null,
      EingeladenAm: isoDay(0, kit.today()),
      Status: "Offen",
    });
    sendMail(args.tenantId, email, "welcome");
    return noContent();
  }

  return [
    http.get(
      "*/api/v1/Einladung/daten",
      asAgency(kit, "Einladungstool", ({ reports, tenant }) =>
        HttpResponse.json({
          Agentur: tenant.config.Name,
          Arten: KINDS,
          Mitarbeiter: reports.mitarbeiter.map((row) => ({ Mitarbeiternummer: row.Mitarbeiternummer, Name: row.Name })),
        }),
      ),
    ),
    http.put("*/api/v1/Einladung", kit.legacy(invite)),
  ];
}
