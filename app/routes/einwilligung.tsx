import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { safeRedirect } from "#bff/platform/redirect";
import { consentFromForm } from "#bff/session/consent.server";
import { requireLoginIfForced } from "~/access/recommender.server";
import { ConsentForm } from "~/components/consent-form";
import { PageSection } from "~/components/page-section";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import { withNotice } from "~/notices";

export const meta = titleMeta;

/** The cookie settings: the same form as the banner, to change the choice at any time. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context);
  const { texts } = await context.requestContext(request);
  return { title: fixedT(texts)("consent.settingsTitle"), consent: context.bff.choices.consent.read(request) };
}

/**
 * A plain form post from the banner or this page; back to the page it came from. The banner's going
 * away says the choice is made; this page, which stays, says it is saved.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireLoginIfForced(request, context);
  const { formData } = await context.actionContext(request);
  const cookie = context.bff.choices.consent.write(request, consentFromForm(formData));
  const target = safeRedirect(formData.get("redirectTo"), "/");
  return redirect(target === SETTINGS_PAGE ? withNotice(target, "cookies-gespeichert") : target, { headers: { "Set-Cookie": cookie } });
}

const SETTINGS_PAGE = "/einwilligung";

export default function ConsentSettings() {
  const { consent } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageSection id="consent-settings" title={t("consent.settingsTitle")} width="xl">
      <ConsentForm consent={consent} redirectTo={SETTINGS_PAGE} />
    </PageSection>
  );
}
