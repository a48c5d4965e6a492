import { randomUUID } from "node:crypto";
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { releaseOrder } from "#bff/agency/agency.server";
import type { Bff } from "#bff/portal/services.server";
import { submissionIdIn } from "#bff/state/submissions.server";
import { requireAgencyPermission } from "~/access/agency.server";
import { FormMessage, SubmitButton } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { failedCallReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

/** Releasing an order (PUT agentur/auftragfreigeben/{a}/{b}) asks once more; it needs the reports and 'Verwaltung'. */
function requireReleaser(request: Request, bff: Bff) {
  requireAgencyPermission(request, bff, "AuftragsReport");
  return requireAgencyPermission(request, bff, "Verwaltung");
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireReleaser(request, context.bff);
  const { texts } = await context.requestContext(request);
  return {
    title: fixedT(texts)("agency.releaseTitle"),
    empfehlungsnummer: params.empfehlungsnummer!,
    empfaengernummer: params.empfaengernummer!,
    submissionId: randomUUID(),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireReleaser(request, context.bff);
  const { api, texts, formData } = await context.actionContext(request);
  const { empfehlungsnummer, empfaengernummer } = params as { empfehlungsnummer: string; empfaengernummer: string };
  try {
    // A double submit of the page releases once; a later try gets the backend's 'already released'.
    await context.bff.submissions.onceFromBrowser(request, { form: "release", id: submissionIdIn(formData), params }, () =>
      releaseOrder(api, empfehlungsnummer, empfaengernummer),
    );
  } catch (error) {
    return failedCallReply(error, fixedT(texts), (message) => ({ error: message }));
  }
  return redirect(`/agentur/auftraege?freigegeben=${encodeURIComponent(empfehlungsnummer)}`);
}

export default function ReleaseOrder() {
  const { empfehlungsnummer, empfaengernummer, submissionId } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <PageSection id="release" title={t("agency.releaseTitle")} width="xl">
      <FormMessage id="release-error" errors={failed?.error ? [failed.error] : undefined} />
      <p>{t("agency.releaseQuestion", { empfehlungsnummer, empfaengernummer })}</p>
      <PortalForm method="post" className="flex flex-wrap items-center gap-4">
        <input type="hidden" name="submissionId" value={submissionId} />
        <SubmitButton>{t("agency.releaseConfirm")}</SubmitButton>
        <Link to="/agentur/auftraege" className="text-brand-ink underline">
          {t("agency.releaseCancel")}
        </Link>
      </PortalForm>
    </PageSection>
  );
}
