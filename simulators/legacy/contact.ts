// The contact form's calls in the legacy simulator: the captcha state and sending a message, with a
// copy to the sender when asked.
import { http, type HttpHandler, HttpResponse } from "msw";
import type { SimulatorKit } from "./kit";
import { captchaTools } from "./mail";
import { EMAIL, legacyError, noContent, normalisedEmail } from "./replies";

type ContactBody = {
  Vorname: string;
  Nachname: string;
  Email: string;
  Betreff: string;
  Nachricht: string;
  KopieAnMich: boolean;
  Captcha: { Id?: string; Antwort?: string } | null;
};

export function contactHandlers(kit: SimulatorKit): HttpHandler[] {
  const { legacy, state } = kit;
  const { captchaError, challenge } = captchaTools(kit);
  return [
    http.get(
      "*/api/v1/kontakt",
      legacy(({ request, tenantId }) =>
        new URL(request.url).searchParams.get("cmd") === "IsCaptchaRequired"
          ? HttpResponse.json(challenge(tenantId))
          : legacyError(400, "PSOF0001", "unknown cmd"),
      ),
    ),
    http.post(
      "*/api/v1/kontakt",
      legacy(async ({ request, tenantId }) => {
        const body = (await request.json().catch(() => ({}))) as Partial<ContactBody>;
        const captchaFailed = captchaError(tenantId, body.Captcha);
        if (captchaFailed) return captchaFailed;
        const email = normalisedEmail(body.Email);
        if (!EMAIL.test(email)) return legacyError(400, "PSOF0205");
        if (!body.Vorname || !body.Nachname || !body.Nachricht) return legacyError(400, "PSOF0001", "fields missing");
        state().recommender.contactMessages.push({ tenant: tenantId, email, message: body.Nachricht });
        if (body.KopieAnMich)
          state().recommender.outbox.push({ to: email, kind: "contact-copy", link: null, sentAt: new Date().toISOString() });
        return noContent();
      }),
    ),
  ];
}
