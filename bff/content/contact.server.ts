// Contact calls: the captcha state, and sending a message (path and body: docs/decisions/016).
import { captchaChallengeSchema, noContentSchema } from "../legacy/contract";
import type { LegacyApi } from "../legacy/legacy-client.server";

/** `GET /kontakt?cmd=IsCaptchaRequired`: whether the form needs a captcha, and its question. */
export function getContactCaptcha(api: LegacyApi) {
  return api.request({ call: "isCaptchaRequired", path: "kontakt", query: { cmd: "IsCaptchaRequired" }, schema: captchaChallengeSchema });
}

export type ContactMessage = {
  vorname: string;
  nachname: string;
  email: string;
  betreff: string;
  nachricht: string;
  kopieAnMich: boolean;
  captcha?: { id: string; answer: string };
};

export function sendContactMessage(api: LegacyApi, message: ContactMessage) {
  return api.request({
    call: "sendContactMessage",
    method: "POST",
    path: "kontakt",
    body: {
      Vorname: message.vorname,
      Nachname: message.nachname,
      Email: message.email,
      Betreff: message.betreff,
      Nachricht: message.nachricht,
      KopieAnMich: message.kopieAnMich,
      Captcha: message.captcha ? { Id: message.captcha.id, Antwort: message.captcha.answer } : null,
    },
    schema: noContentSchema,
  });
}
