import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { logoutRedirect } from "~/access/logout.server";
import { SubmitButton } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

/** Logged out already: straight to the login, with nothing to come back to. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { texts, user } = await context.requestContext(request);
  if (!user) throw redirect("/login");
  return { title: fixedT(texts)("account.logoutTitle") };
}

/** Logout is a POST: every token cookie ends and the browser drops its cookies (docs/security.md). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await context.actionContext(request);
  if (user) await context.bff.loggedOutSessions.add(user.token);
  return logoutRedirect(request, context.bff, "/login");
}

export default function Logout() {
  useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageSection id="logout" title={t("account.logoutTitle")} width="md">
      <p>{t("account.logoutIntro")}</p>
      <PortalForm method="post">
        <SubmitButton>{t("account.logout")}</SubmitButton>
      </PortalForm>
    </PageSection>
  );
}
