// The recipient in the legacy simulator: created from a recommendation (once per address), the
// tracking completed, the terms accepted, bank data given, the order and the reward read back.
import { randomBytes } from "node:crypto";
import { http, type HttpHandler, HttpResponse } from "msw";
import { ibanAccepted } from "./iban";
import type { ResolverArgs, SimulatorKit } from "./kit";
import { followable, recommendationIn } from "./recommendations";
import { legacyError, noContent } from "./replies";
import type { RecipientAddress } from "./state";

type CreateBody = { Email?: string; Vorname?: string; Name?: string; Adresse?: RecipientAddress };

export function recipientHandlers(kit: SimulatorKit): HttpHandler[] {
  const { legacy, state } = kit;

  async function createRecipient({ request, params, tenantId, tenant }: ResolverArgs) {
    const recommendation = recommendationIn(tenant, params.no);
    if (!followable(recommendation)) return legacyError(410, "PSOF0219");
    const body = (await request.json().catch(() => null)) as CreateBody | null;
    if (!body?.Email || !body.Vorname || !body.Name) return legacyError(400, "PSOF0205");
    const email = body.Email.toLowerCase();
    if (email === recommendation.recommenderEmail.toLowerCase() && !tenant.config.AllowSelfRecommendation)
      return legacyError(400, "PSOF0207");
    const existing = [...state().recipients.entries()].find(
      ([, item]) => item.tenant === tenantId && item.empfehlungsnummer === params.no && item.email === email,
    );
    if (existing) return HttpResponse.json({ Empfaengernummer: existing[1].empfaengernummer, Token: existing[0] });
    const empfaengernummer = `${params.no.split("-")[0]}-E-${500000 + tenant.recipients.length + 1}`;
    const token = randomBytes(24).toString("hex");
    tenant.recipients.push(empfaengernummer);
    const channel = new URL(request.url).searchParams.get("channel");
    state().recipients.set(token, {
      tenant: tenantId,
      empfehlungsnummer: params.no,
      empfaengernummer,
      email,
      name: body.Name,
      channel,
      completed: false,
      agbText: null,
      iban: null,
      address: body.Adresse ?? null,
    });
    return HttpResponse.json({ Empfaengernummer: empfaengernummer, Token: token });
  }

  async function completeTracking({ request, tenantId }: ResolverArgs) {
    const body = (await request.json().catch(() => null)) as {
      empfehlungsnummer?: string;
      empfaengernummer?: string;
      empfaengerdaten?: unknown;
    } | null;
    const recipient = [...state().recipients.values()].find(
      (item) =>
        item.tenant === tenantId && item.empfaengernummer === body?.empfaengernummer && item.empfehlungsnummer === body?.empfehlungsnummer,
    );
    if (!recipient || !body?.empfaengerdaten) return legacyError(400, "PSOF0001", "unknown recipient");
    recipient.completed = true;
    return noContent();
  }

  return [
    http.post("*/api/v1/empfaenger/create/:no", legacy(createRecipient)),
    http.post("*/api/v1/tracking/abschliessen", legacy(completeTracking)),
    ...recipientTokenHandlers(kit),
  ];
}

/** The calls a recipient makes with the token its creation gave. */
function recipientTokenHandlers({ legacy, asRecipient }: SimulatorKit): HttpHandler[] {
  return [
    http.put(
      "*/api/v1/empfaenger/zustimmung",
      asRecipient(async ({ request, recipient }) => {
        const body = (await request.json().catch(() => null)) as { AgbText?: string } | null;
        if (!body?.AgbText) return legacyError(400, "PSOF0208");
        recipient.agbText = body.AgbText;
        return noContent();
      }),
    ),
    http.post(
      "*/api/v1/empfaenger/bankdaten",
      asRecipient(async ({ request, recipient, tenant }) => {
        const body = (await request.json().catch(() => null)) as { Iban?: string; Kontoinhaber?: string } | null;
        if (!body?.Kontoinhaber || !ibanAccepted(body.Iban, { germanOnly: tenant.config.ModuleIBANNurDE }))
          return legacyError(400, "PSOF0217");
        recipient.iban = body.Iban!;
        return noContent();
      }),
    ),
    http.get(
      "*/api/v1/empfaenger/auftrag",
      asRecipient(({ recipient, tenant }) =>
        HttpResponse.json({
          Empfehlungsnummer: recipient.empfehlungsnummer,
          Produkt: recommendationIn(tenant, recipient.empfehlungsnummer)!.productName,
          Status: recipient.completed ? "InBearbeitung" : "Eingegangen",
          AgbAkzeptiert: recipient.agbText !== null,
          BankdatenHinterlegt: recipient.iban !== null,
        }),
      ),
    ),
    http.get(
      "*/api/v1/empfaenger/:number/praemie",
      asRecipient(({ params, recipient, tenant }) => {
        if (params.number !== recipient.empfehlungsnummer) return legacyError(403, "PSOF0103");
        const share = 100 - recommendationIn(tenant, recipient.empfehlungsnummer)!.anteilEmpfehler;
        return HttpResponse.json({ AnteilProzent: share, WertCent: Math.round((tenant.config.MaxEmpfaengerPraemieCent * share) / 100) });
      }),
    ),
    http.get(
      "*/api/v1/empfaenger/:hex",
      legacy(({ params, tenant }) => {
        const number = /^[0-9a-f]+$/i.test(params.hex) ? Buffer.from(params.hex, "hex").toString("utf8") : "";
        return tenant.recipients.includes(number) ? HttpResponse.json({ Empfaengernummer: number }) : legacyError(404, "PSOF0219");
      }),
    ),
  ];
}
