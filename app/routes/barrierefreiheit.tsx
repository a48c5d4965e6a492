import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getPageVariables } from "#bff/content/tenant-content.server";
import { optionalPart } from "#bff/tenant/optional-part.server";
import { knownGapsOf, type StatementScope, textSpacingPagesOf } from "~/accessibility-statement";
import { LegalPage } from "~/components/legal-page";
import { useTranslation } from "~/i18n/use-translation";
import { loadLegalPage } from "~/legal-page.server";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

/** An address the backend names that is fit for a mailto link; anything else is left out. */
const MAIL_ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/**
 * The accessibility statement the BFSG asks for: the tenant's own from the CMS, else the portal's
 * (docs/decisions/046 and 071): its scope (address, embedding, agency area), the service, the checks the tests
 * make and the gaps of this tenant (app/accessibility-statement.ts), and the feedback address and phone its
 * backend names (the page variables `KontaktEmail` and `Hotline`) or else its operator; the contact form always.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, tenant, config } = await args.context.requestContext(args.request);
  const [page, contact] = await Promise.all([
    loadLegalPage(args, "barrierefreiheit"),
    optionalPart(
      args.context.bff,
      "feedbackContact",
      () => getPageVariables(api, "barrierefreiheit", ["KontaktEmail", "Hotline", "Anbieter"]),
      {},
    ),
  ]);
  // The backend's own addresses first; where it names none, the operator's (TENANTS_FILE accessibilityContact).
  const email = contact.KontaktEmail?.trim() || tenant.accessibilityContact?.email;
  const scope: StatementScope = {
    widget: config.ModuleIntegratedFrame || tenant.parentOrigins.length > 0,
    agencyArea: tenant.agencySso !== null,
  };
  return {
    ...page,
    origin: tenant.origin,
    // Who provides the service: the backend's page variable, else the operator's (TENANTS_FILE), else the tenant's name.
    provider: contact.Anbieter?.trim() || tenant.accessibilityContact?.provider || config.Name,
    scope,
    feedback: {
      email: email && MAIL_ADDRESS.test(email) ? email : null,
      phone: contact.Hotline?.trim() || tenant.accessibilityContact?.phone || null,
    },
  };
}

const MARKET_SURVEILLANCE = "https://www.mlbf-barrierefrei.de/";
/** The conciliation body under § 16 BGG, which § 34 BFSG names for disputes about a service's accessibility. */
const CONCILIATION_BODY = "https://www.schlichtungsstelle-bgg.de/";

type Feedback = { email: string | null; phone: string | null };

type StatementProps = { tenantName: string; provider: string; origin: string; scope: StatementScope; feedback: Feedback };

function DefaultStatement({ tenantName, provider, origin, scope, feedback }: StatementProps) {
  const { t } = useTranslation();
  const checkedPages = textSpacingPagesOf(scope).map((page) => t(`accessibility.checkedPages.${page}`));
  return (
    <div className="space-y-4">
      <p>{t("accessibility.intro", { tenant: tenantName, provider })}</p>
      <h2 className="text-xl font-semibold">{t("accessibility.scopeTitle")}</h2>
      <p>
        {t("accessibility.scope", { tenant: tenantName, provider, origin })}
        {scope.widget ? ` ${t("accessibility.scopeWidget")}` : null}
        {scope.agencyArea ? ` ${t("accessibility.scopeAgency")}` : null}
      </p>
      <p>{t("accessibility.scopeOthers")}</p>
      <h2 className="text-xl font-semibold">{t("accessibility.serviceTitle")}</h2>
      <p>{t("accessibility.service", { tenant: tenantName })}</p>
      <p>{t("accessibility.serviceAccess")}</p>
      <p>{t("accessibility.serviceChanges")}</p>
      <h2 className="text-xl font-semibold">{t("accessibility.timeLimitsTitle")}</h2>
      <p>{t("accessibility.timeLimits")}</p>
      <h2 className="text-xl font-semibold">{t("accessibility.statusTitle")}</h2>
      <p>{t("accessibility.status")}</p>
      <p>{t("accessibility.checks", { pages: checkedPages.join(", ") })}</p>
      <h2 className="text-xl font-semibold">{t("accessibility.gapsTitle")}</h2>
      <p>{t("accessibility.gapsIntro")}</p>
      <ul className="list-disc space-y-1 pl-6">
        {knownGapsOf(scope).map((gap) => (
          <li key={gap}>{t(`accessibility.gaps.${gap}`)}</li>
        ))}
      </ul>
      <h2 className="text-xl font-semibold">{t("accessibility.feedbackTitle")}</h2>
      <p>{t("accessibility.feedback")}</p>
      <ul className="space-y-1">
        <li>
          <Link to="/kontakt" className="inline-block py-2 text-brand-ink underline">
            {t("accessibility.feedbackLink")}
          </Link>
        </li>
        {feedback.email ? (
          <li>
            {t("accessibility.feedbackEmail")}{" "}
            <a href={`mailto:${feedback.email}`} className="inline-block py-2 text-brand-ink underline [overflow-wrap:anywhere]">
              {feedback.email}
            </a>
          </li>
        ) : null}
        {feedback.phone ? (
          <li>
            {t("accessibility.feedbackPhone")}{" "}
            <a href={`tel:${feedback.phone.replace(/[^\d+]/g, "")}`} className="inline-block py-2 text-brand-ink underline">
              {feedback.phone}
            </a>
          </li>
        ) : null}
      </ul>
      <h2 className="text-xl font-semibold">{t("accessibility.enforcementTitle")}</h2>
      <p>{t("accessibility.enforcement")}</p>
      <p>
        <a href={MARKET_SURVEILLANCE} className="inline-block py-2 text-brand-ink underline" rel="noopener noreferrer">
          {t("accessibility.enforcementLink")}
        </a>
      </p>
      <h2 className="text-xl font-semibold">{t("accessibility.conciliationTitle")}</h2>
      <p>{t("accessibility.conciliation")}</p>
      <p>
        <a href={CONCILIATION_BODY} className="inline-block py-2 text-brand-ink underline" rel="noopener noreferrer">
          {t("accessibility.conciliationLink")}
        </a>
      </p>
      <h2 className="text-xl font-semibold">{t("accessibility.reviewTitle")}</h2>
      <p>{t("accessibility.review")}</p>
      <p className="text-sm text-slate-700">{t("accessibility.date")}</p>
    </div>
  );
}

export default function AccessibilityStatement() {
  const { title, text, tenantName, provider, origin, scope, feedback } = useLoaderData<typeof loader>();
  return (
    <LegalPage id="barrierefreiheit" title={title} text={text}>
      <DefaultStatement tenantName={tenantName} provider={provider} origin={origin} scope={scope} feedback={feedback} />
    </LegalPage>
  );
}
