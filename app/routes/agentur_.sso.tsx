import { data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { completeSignOn } from "#bff/for-agencies/agency-sso.server";
import { safeRedirect } from "#bff/platform/redirect";
import { FormMessage } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

/** The identity provider's return: a sign-on cookie of this browser with the same state, or nothing. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { bff } = context;
  const ctx = await context.requestContext(request);
  const result = await completeSignOn(request, bff, ctx);
  const headers = new Headers({ "Set-Cookie": bff.cookies.signOn.clear() });
  if ("refused" in result) {
    bff.logger.warn({ requestId: ctx.requestId, reason: result.refused }, "agency sign-on refused");
    return data({ title: fixedT(ctx.texts)("agency.signOnRefusedTitle") }, { status: 403, headers });
  }
  headers.append("Set-Cookie", bff.cookies.agency.write(request, result.session, { persistent: false }));
  return redirect(safeRedirect(result.returnTo, "/agentur"), { headers });
}

export default function AgencySignOnRefused() {
  useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageSection id="agency-sign-on-refused" title={t("agency.signOnRefusedTitle")} width="md">
      <FormMessage id="agency-sign-on-error" errors={[t("agency.signOnRefused")]} />
      <Link to="/agentur/anmelden" className="text-brand-ink underline">
        {t("agency.signOnAgain")}
      </Link>
    </PageSection>
  );
}
