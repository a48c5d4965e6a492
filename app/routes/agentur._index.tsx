import { data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { visibleTabs } from "#bff/for-agencies/agency-access.server";
import { requireAgencyUser } from "~/access/agency.server";
import { FormMessage } from "~/components/form-field";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

/** The agency area opens on the first tab the user may see; a role without rights is told so (403). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireAgencyUser(request, context.bff);
  const first = visibleTabs(user)[0];
  if (first) throw redirect(`/agentur/${first}`);
  const { texts } = await context.requestContext(request);
  return data({ title: fixedT(texts)("agency.tabsLabel") }, { status: 403 });
}

export default function AgencyWithoutRights() {
  const { t } = useTranslation();
  return <FormMessage id="agency-no-rights" errors={[t("agency.noRights")]} />;
}
