import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal-page";
import { useTranslation } from "~/i18n/use-translation";
import { loadLegalPage } from "~/legal-page.server";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

/** The accessibility statement the BFSG asks for: the tenant's own from the CMS, else the portal's (docs/decisions/046). */
export function loader(args: LoaderFunctionArgs) {
  return loadLegalPage(args, "barrierefreiheit");
}

const MARKET_SURVEILLANCE = "https://www.mlbf-barrierefrei.de/";
/** The conciliation body under § 16 BGG, which § 34 BFSG names for disputes about a service's accessibility. */
const CONCILIATION_BODY = "https://www.schlichtungsstelle-bgg.de/";

function DefaultStatement({ tenantName }: { tenantName: string }) {
  const { t } = useTranslation();
  const gaps = t("accessibility.gaps", { returnObjects: true }) as string[];
  return (
    <div className="space-y-4">
      <p>{t("accessibility.intro", { tenant: tenantName })}</p>
      <h2 className="text-xl font-semibold">{t("accessibility.statusTitle")}</h2>
      <p>{t("accessibility.status")}</p>
      <h2 className="text-xl font-semibold">{t("accessibility.gapsTitle")}</h2>
      <ul className="list-disc space-y-1 pl-6">
        {gaps.map((gap) => (
          <li key={gap}>{gap}</li>
        ))}
      </ul>
      <h2 className="text-xl font-semibold">{t("accessibility.feedbackTitle")}</h2>
      <p>{t("accessibility.feedback")}</p>
      <p>
        <Link to="/kontakt" className="inline-block py-2 text-brand-ink underline">
          {t("accessibility.feedbackLink")}
        </Link>
      </p>
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
  const { title, text, tenantName } = useLoaderData<typeof loader>();
  return (
    <LegalPage id="barrierefreiheit" title={title} text={text}>
      <DefaultStatement tenantName={tenantName} />
    </LegalPage>
  );
}
