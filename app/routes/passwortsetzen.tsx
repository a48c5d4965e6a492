import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { keepLinkToken } from "~/access/link-tokens.server";
import { type AutologinNoticeHandle, refuseInAutologinMode } from "~/access/recommender.server";
import { PageSection } from "~/components/page-section";
import { SetPasswordForm } from "~/components/set-password-form";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import { loadPasswordLink, submitPasswordLink } from "~/screens/password-link.server";

export const meta = titleMeta;
/** The root shows the autologin notice instead of this page's form. */
export const handle: AutologinNoticeHandle = { passwordForm: true };

const PAGE = "/passwortsetzen";

export async function loader({ request, context }: LoaderFunctionArgs) {
  keepLinkToken(request, context.bff, "mail");
  const ctx = await context.requestContext(request);
  return { title: fixedT(ctx.texts)("password.resetTitle"), ...(await loadPasswordLink(request, context.bff, ctx, PAGE)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await refuseInAutologinMode(request, context);
  return submitPasswordLink(request, context.bff, PAGE, await context.actionContext(request));
}

export default function ResetPassword() {
  const { link, hint, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <PageSection id="reset-password" title={t("password.resetTitle")} width="md">
      <SetPasswordForm
        id="reset-password-form"
        link={link}
        hint={hint}
        constraint={constraint}
        lastResult={lastResult}
        submitLabel={t("password.save")}
      />
    </PageSection>
  );
}
