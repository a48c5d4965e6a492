import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { deleteRecommender, getUser, newsletterState, setNewsletterOptin } from "#bff/account/account.server";
import { endAccountSessions } from "#bff/for-recommenders/auth.server";
import { logoutRedirect } from "~/access/logout.server";
import { requireUser } from "~/access/recommender.server";
import { Button } from "~/components/button";
import { Dialog } from "~/components/dialog";
import { FormMessage, SuccessMessage } from "~/components/form-field";
import { LinkList } from "~/components/link-list";
import { PortalForm } from "~/components/portal-form";
import { Section } from "~/components/section";
import { formatDateTime } from "~/format";
import { failedCallReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import { withNotice } from "~/notices";

export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const { api, texts } = await context.requestContext(request);
  const user = await getUser(api);
  return {
    title: fixedT(texts)("myData.title"),
    name: `${user.Vorname} ${user.Nachname}`,
    email: user.Email,
    newsletter: newsletterState(user),
    newsletterMailSentAt: user.newsletterpermissionversendetam ? formatDateTime(user.newsletterpermissionversendetam) : null,
  };
}

/** Several actions on one page, told apart by the submit button's `intent`. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const { api, texts, formData, tenant } = await context.actionContext(request);
  const t = fixedT(texts);
  const intent = formData.get("intent");
  try {
    if (intent === "newsletter-optin" || intent === "newsletter-optout") {
      await setNewsletterOptin(api, intent === "newsletter-optin");
      return redirect("/meinedaten");
    }
    if (intent === "delete-confirm") {
      await context.bff.submissions.once(["delete-account", user.token], () => deleteRecommender(api));
      // Every session of the account ends with it, in every browser and on every instance.
      await endAccountSessions(context.bff, { tenant: tenant.tenant, email: user.email });
      return logoutRedirect(request, context.bff, withNotice("/", "konto-geloescht"));
    }
  } catch (error) {
    return failedCallReply(error, t, (message) => ({ error: message }), 502);
  }
  return data({ error: t("errors:technical") }, { status: 400 });
}

export default function MyData() {
  const { name, email, newsletter, newsletterMailSentAt } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const confirmingDelete = searchParams.get("loeschen") === "1";
  return (
    <div className="max-w-3xl space-y-8 lg:mx-auto">
      <h1 className="text-2xl font-semibold">{t("myData.title")}</h1>
      {searchParams.get("passwort") === "geaendert" ? <SuccessMessage>{t("password.changed")}</SuccessMessage> : null}
      <FormMessage id="my-data-error" errors={failed ? [failed.error] : undefined} />
      <dl className="grid grid-cols-[minmax(0,max-content)_minmax(0,1fr)] gap-x-4 gap-y-1 [overflow-wrap:anywhere]">
        <dt className="font-medium">{t("myData.name")}</dt>
        <dd>{name}</dd>
        <dt className="font-medium">{t("myData.email")}</dt>
        <dd>{email}</dd>
      </dl>
      <Section id="newsletter" title={t("myData.newsletterTitle")}>
        <p className="mt-2">
          {t(`myData.newsletterStates.${newsletter}`)}
          {newsletter === "pending" && newsletterMailSentAt ? ` ${t("myData.newsletterMailSentAt", { when: newsletterMailSentAt })}` : null}
        </p>
        <PortalForm method="post" className="mt-2">
          {newsletter === "optedIn" ? (
            <Button look="secondary" name="intent" value="newsletter-optout">
              {t("myData.optOut")}
            </Button>
          ) : (
            <Button look="secondary" name="intent" value="newsletter-optin">
              {t("myData.optIn")}
            </Button>
          )}
        </PortalForm>
      </Section>
      <LinkList
        links={[
          { to: "/passwortaendern", label: t("myData.passwordLink") },
          { to: "/empfehler/bankdaten", label: t("myData.bankLink") },
        ]}
      />
      <Section id="delete" title={t("myData.deleteTitle")}>
        <p className="mt-2">{t("myData.deleteIntro")}</p>
        <p className="mt-2">
          <Link to="/meinedaten?loeschen=1" preventScrollReset className="underline">
            {t("myData.deleteRequest")}
          </Link>
        </p>
        {confirmingDelete ? (
          <Dialog title={t("myData.deleteTitle")} closeTo="/meinedaten" closeLabel={t("myData.deleteCancel")}>
            <p role="alert">{t("myData.deleteConfirmText")}</p>
            <PortalForm method="post">
              <Button name="intent" value="delete-confirm" className="bg-red-700 text-white">
                {t("myData.deleteConfirm")}
              </Button>
            </PortalForm>
          </Dialog>
        ) : null}
      </Section>
    </div>
  );
}
