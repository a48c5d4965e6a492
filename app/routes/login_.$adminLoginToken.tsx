import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminLogin } from "#bff/account/account.server";
import { sessionCookieFor, toSessionUser } from "#bff/for-recommenders/auth.server";
import { rememberAdminToken } from "#bff/for-recommenders/autologin.server";
import { LegacyApiError } from "#bff/legacy/errors";
import { landingAfterLogin } from "~/access/recommender.server";
import { MessagePanel } from "~/components/message-panel";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

/**
 * AdminLogin: the token in the path logs in once; the browser leaves the token's URL at once.
 * In autologin mode the token is kept (sealed) to log in again when the session ends.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await context.requestContext(request);
  const { api, config, texts } = ctx;
  const t = fixedT(texts);
  try {
    const user = toSessionUser(await adminLogin(api, params.adminLoginToken!));
    const headers = new Headers({
      "Set-Cookie": sessionCookieFor(request, context.bff, user, { remember: false }),
      "Referrer-Policy": "no-referrer",
    });
    const remembered = rememberAdminToken(request, context.bff, config, params.adminLoginToken!);
    if (remembered) headers.append("Set-Cookie", remembered);
    throw redirect(await landingAfterLogin(context.bff, ctx), { headers });
  } catch (error) {
    if (!(error instanceof LegacyApiError) || error.upstreamStatus >= 500) throw error;
    return { title: t("account.adminLoginFailedTitle"), message: t(`errors:${error.messageKey}`) };
  }
}

export default function AdminLogin() {
  const { message } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <MessagePanel title={t("account.adminLoginFailedTitle")} backLabel={t("notFound.back")}>
      <p role="alert" className="mt-4">
        {message}
      </p>
    </MessagePanel>
  );
}
