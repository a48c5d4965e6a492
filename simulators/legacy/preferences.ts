// The recommender's choices in the legacy simulator: the account's language, and the newsletter, from
// the personal area (double opt-in) or from a mailed link.
import { http, type HttpHandler } from "msw";
import type { ResolverArgs, SimulatorKit } from "./kit";
import { linkTokenIn, mailer } from "./mail";
import { findUser } from "./registration";
import { bearer, jsonBody, legacyError, noContent } from "./replies";

export function preferenceHandlers(kit: SimulatorKit): HttpHandler[] {
  const sendMail = mailer(kit);

  async function setNewsletter(args: ResolverArgs) {
    const body = await jsonBody<{ NewsletterOptin: boolean }>(args.request);
    if (typeof body.NewsletterOptin !== "boolean") return legacyError(400, "PSOF0001", "NewsletterOptin missing");
    const user = kit.userFor(args.request, args.tenantId);
    if (user) {
      // From the personal area: opting in sends the confirmation mail (double opt-in).
      user.newsletterPermission = false;
      user.newsletterOptinSentAt = body.NewsletterOptin ? new Date().toISOString() : null;
      if (body.NewsletterOptin) sendMail(args.tenantId, user.email, "newsletter");
      return noContent();
    }
    // From a mailed link: the link's token confirms the opt-in or withdraws it.
    const link = linkTokenIn(kit, bearer(args.request), args.tenantId, ["newsletter"]);
    const owner = link ? findUser(args.tenant, link.email) : undefined;
    if (!owner) return legacyError(401, "PSOF0102");
    owner.newsletterPermission = body.NewsletterOptin;
    owner.newsletterOptinSentAt = null;
    return noContent();
  }

  return [
    http.post(
      "*/api/v1/:route/account/updateLanguage",
      kit.asUser(async ({ request, user }) => {
        const body = await jsonBody<{ Language: string }>(request);
        if (body.Language !== "de" && body.Language !== "en") return legacyError(400, "PSOF0001", "unknown language");
        user.language = body.Language;
        return noContent();
      }),
    ),
    http.put("*/api/v1/:route/empfehler/setNewsletterOptin", kit.legacy(setNewsletter)),
  ];
}
