import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminLogin } from "#bff/account/account.server";
import { toSessionUser } from "#bff/for-recommenders/auth.server";
import { tokenLinkSignsInAtOnce, tokenLoginHeaders } from "#bff/for-recommenders/autologin.server";
import { LegacyApiError } from "#bff/legacy/errors";
import { landingAfterLogin } from "~/access/recommender.server";
import { MessagePanel } from "~/components/message-panel";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

/**
 * AdminLogin: the token in the path logs in once; the browser leaves the token's URL at once. Opened
 * from another site, or over a session, the sign-in waits, sealed, for the person to confirm it on the
 * portal's own page. In autologin mode the token is kept (sealed) to log in again when the session ends.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await context.requestContext(request);
  const { api, config, texts } = ctx;
  const adminToken = params.adminLoginToken!;
  const t = fixedT(texts);
  try {
    const user = toSessionUser(await adminLogin(api, adminToken));
    if (!tokenLinkSignsInAtOnce(request, ctx.user)) {
      const pending = context.bff.cookies.pendingLogin.write(request, { user, adminToken }, { persistent: false });
      throw redirect("/login/bestaetigen", { headers: { "Set-Cookie": pending, "Referrer-Policy": "no-referrer" } });
    }
    throw redirect(await landingAfterLogin(context.bff, ctx), {
      headers: tokenLoginHeaders(request, context.bff, config, user, adminToken),
    });
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
