// The mails the legacy simulator 'sends' (into an outbox the demo and the tests read), the link
// tokens in them, and the backend's captcha.
import { randomBytes, randomInt } from "node:crypto";
import type { SimulatorKit } from "./kit";
import { legacyError } from "./replies";
import type { LinkMailKind } from "./state";

const LINK_VALIDITY_MS = 24 * 60 * 60 * 1000;
const CAPTCHA_VALIDITY_MS = 10 * 60 * 1000;

const mailPaths: Record<LinkMailKind, string> = {
  welcome: "/registrieren",
  reset: "/passwortsetzen",
  newsletter: "/empfehler/newsletter/optin",
};

/** Mails with a link the recipient follows back to the portal; the token in it is the backend's. */
export function mailer({ state }: SimulatorKit) {
  return (tenantId: string, email: string, kind: LinkMailKind) => {
    const token = `${kind.slice(0, 3)}-${randomBytes(16).toString("hex")}`;
    state().recommender.linkTokens.set(token, { tenant: tenantId, email, kind, issuedAt: Date.now(), used: false });
    state().recommender.outbox.push({ to: email, kind, link: `${mailPaths[kind]}?token=${token}`, sentAt: new Date().toISOString() });
  };
}

/** A mailed link token of this tenant that is unused and within its day (newsletter links do not expire). */
export function linkTokenIn({ state }: SimulatorKit, token: unknown, tenantId: string, kinds: LinkMailKind[]) {
  const found = typeof token === "string" ? state().recommender.linkTokens.get(token) : undefined;
  if (!found || found.tenant !== tenantId || !kinds.includes(found.kind) || found.used) return null;
  if (found.kind !== "newsletter" && Date.now() - found.issuedAt > LINK_VALIDITY_MS) return null;
  return found;
}

/** The backend's captcha: an arithmetic question, each answer counted once and for ten minutes. */
export function captchaTools(kit: SimulatorKit, call?: string) {
  const captchas = () => kit.state().recommender.captchas;
  function newCaptcha() {
    const [a, b] = [randomInt(1, 10), randomInt(1, 10)];
    const id = randomBytes(8).toString("hex");
    captchas().set(id, { answer: String(a + b), issuedAt: Date.now(), used: false });
    return { IsCaptchaRequired: true, Captcha: { Id: id, Frage: `${a} + ${b}` } };
  }

  /** Null when the captcha is not needed or solved; the legacy error otherwise. */
  function captchaError(tenantId: string, captcha: { Id?: string; Antwort?: string } | null | undefined) {
    if (!kit.captchaRequired(tenantId, call)) return null;
    if (!captcha?.Id) return legacyError(400, "PSOF0213");
    const stored = captchas().get(captcha.Id);
    if (!stored || stored.used || Date.now() - stored.issuedAt > CAPTCHA_VALIDITY_MS) return legacyError(400, "PSOF0214");
    stored.used = true;
    return stored.answer === String(captcha.Antwort ?? "").trim() ? null : legacyError(400, "PSOF0214");
  }

  /** The reply of a captcha check: a fresh question when one is needed. */
  const challenge = (tenantId: string) =>
    kit.captchaRequired(tenantId, call) ? newCaptcha() : { IsCaptchaRequired: false, Captcha: null };
  return { captchaError, challenge };
}
