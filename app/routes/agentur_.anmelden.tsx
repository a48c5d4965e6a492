import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { agencyUserOf } from "#bff/for-agencies/agency-access.server";
import { startSignOn } from "#bff/for-agencies/agency-sso.server";
import { safeRedirect } from "#bff/platform/redirect";
import { AGENCY_SIGN_ON_RETURN_PAGE } from "~/access/agency.server";
import { SubmitButton } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

const AGENCY_HOME = "/agentur";

/** The agency sign-on page: one button to the agencies' identity provider. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, texts } = await context.requestContext(request);
  if (!tenant.agencySso) throw new Response(null, { status: 404 });
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), AGENCY_HOME);
  if (agencyUserOf(request, context.bff)) throw redirect(redirectTo);
  return { title: fixedT(texts)("agency.signOnTitle"), redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, formData } = await context.actionContext(request);
  if (!tenant.agencySso) throw new Response(null, { status: 404 });
  const { url, setCookie } = startSignOn(context.bff, tenant.agencySso, {
    returnUrl: `${tenant.origin}${AGENCY_SIGN_ON_RETURN_PAGE}`,
    returnTo: safeRedirect(formData.get("redirectTo"), AGENCY_HOME),
  });
  return redirect(url, { headers: { "Set-Cookie": setCookie } });
}

export default function AgencySignOn() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageSection id="agency-sign-on" title={t("agency.signOnTitle")} width="md">
      <p>{t("agency.signOnIntro")}</p>
      {/* A full page load: the identity provider is another site. */}
      <PortalForm method="post" reloadDocument>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <SubmitButton>{t("agency.signOn")}</SubmitButton>
      </PortalForm>
    </PageSection>
  );
}
