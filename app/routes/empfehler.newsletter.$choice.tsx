import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { setNewsletterOptin } from "#bff/account/account.server";
import { mailLinkToken } from "#bff/for-recommenders/password-flow.server";
import type { Bff } from "#bff/portal/services.server";
import { keepLinkToken } from "~/access/link-tokens.server";
import { FormMessage, SubmitButton, SuccessMessage } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { failedCallReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

type Choice = "optin" | "optout";

function choiceOf(param: string | undefined): Choice {
  if (param === "optin" || param === "optout") return param;
  throw new Response(null, { status: 404 });
}

/** The newsletter link's token, else the logged-in recommender's own (which asks for the opt-in mail). */
function whoChooses(request: Request, bff: Bff, choice: Choice) {
  const linkToken = mailLinkToken(request, bff, `/empfehler/newsletter/${choice}`);
  if (linkToken) return { linkToken } as const;
  return bff.cookies.user.read(request) ? ({ linkToken: null } as const) : null;
}

/**
 * Opened from a newsletter mail (`?token=` moves into a cookie first). The change happens on a
 * button press, never on the GET: mail scanners open links, and must not unsubscribe anyone.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  keepLinkToken(request, context.bff, "mail");
  const choice = choiceOf(params.choice);
  const { texts } = await context.requestContext(request);
  return { title: fixedT(texts)(`newsletter.${choice}Title`), choice, canChoose: whoChooses(request, context.bff, choice) !== null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const choice = choiceOf(params.choice);
  const { api, apiWith, texts } = await context.actionContext(request);
  const who = whoChooses(request, context.bff, choice);
  if (!who) return data({ error: fixedT(texts)("errors:linkExpired") }, { status: 400 });
  try {
    // A mailed link's token is checked within the client's budget of guesses; the account's own choice is no guess.
    if (who.linkToken) await context.linkLookups.token(() => setNewsletterOptin(apiWith({ user: who.linkToken }), choice === "optin"));
    else await setNewsletterOptin(api, choice === "optin");
  } catch (error) {
    return failedCallReply(error, fixedT(texts), (message) => ({ error: message }));
  }
  const done = who.linkToken ? "link" : "account";
  return redirect(`/empfehler/newsletter/${choice}?erledigt=${done}`, { headers: { "Set-Cookie": context.bff.cookies.link.clear() } });
}

export default function NewsletterChoice() {
  const { choice, canChoose } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const done = searchParams.get("erledigt");
  return (
    <PageSection id="newsletter" title={t(`newsletter.${choice}Title`)} width="md">
      {done ? (
        <SuccessMessage>
          {t(choice === "optout" ? "newsletter.optedOut" : done === "link" ? "newsletter.optedIn" : "newsletter.mailSent")}
        </SuccessMessage>
      ) : canChoose ? (
        <PortalForm method="post" className="space-y-4">
          <FormMessage id="newsletter-error" errors={failed ? [failed.error] : undefined} />
          <p>{t(`newsletter.${choice}Intro`)}</p>
          <SubmitButton>{t(`newsletter.${choice}Submit`)}</SubmitButton>
        </PortalForm>
      ) : (
        <p role="alert">
          {t("newsletter.useMailLink")}{" "}
          <Link to={`/login?redirectTo=${encodeURIComponent(`/empfehler/newsletter/${choice}`)}`} className="text-brand-ink underline">
            {t("account.loginSubmit")}
          </Link>
        </p>
      )}
      <Link to="/" className="inline-block py-2 underline">
        {t("home")}
      </Link>
    </PageSection>
  );
}
