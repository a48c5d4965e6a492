import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { tokenLoginHeaders } from "#bff/for-recommenders/autologin.server";
import { isFormTokenValid } from "#bff/portal/form-token.server";
import type { SessionUser } from "#bff/session/cookies.server";
import { landingAfterLogin } from "~/access/recommender.server";
import { Button } from "~/components/button";
import { SubmitButton } from "~/components/form-field";
import { MessagePanel } from "~/components/message-panel";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

const nameOf = (user: SessionUser) => `${user.vorname} ${user.nachname}`.trim();

/**
 * A token link's sign-in that waits for the person (from another site, or over a session): it names the
 * account it would sign in to, and the one it would end; nothing happens until they post, from this page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { texts, user } = await context.requestContext(request);
  const pending = context.bff.cookies.pendingLogin.read(request);
  const title = fixedT(texts)("account.tokenLoginTitle");
  if (!pending) return { title, account: null, current: null };
  return { title, account: { name: nameOf(pending.user), email: pending.user.email }, current: user ? nameOf(user) : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { bff } = context;
  const ctx = await context.actionContext(request);
  if (!isFormTokenValid(request, bff, ctx.formData.get("formToken")))
    throw new Response(fixedT(ctx.texts)("errors:forbidden"), { status: 403 });
  const pending = bff.cookies.pendingLogin.read(request);
  if (!pending || ctx.formData.get("intent") !== "confirm")
    return redirect("/", { headers: { "Set-Cookie": bff.cookies.pendingLogin.clear() } });
  // The session it replaces ends on every instance, as a logout would end it.
  if (ctx.user) await bff.loggedOutSessions.add(ctx.user.token);
  const headers = tokenLoginHeaders(request, bff, ctx.config, pending.user, pending.adminToken);
  headers.append("Set-Cookie", bff.cookies.pendingLogin.clear());
  return redirect(await landingAfterLogin(bff, ctx), { headers });
}

export default function ConfirmTokenLogin() {
  const { account, current } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (!account)
    return (
      <MessagePanel title={t("account.tokenLoginTitle")} backLabel={t("notFound.back")}>
        <p role="alert" className="mt-4">
          {t("account.tokenLoginExpired")}
        </p>
      </MessagePanel>
    );
  return (
    <PageSection id="token-login" title={t("account.tokenLoginTitle")} width="md">
      <p>{t("account.tokenLoginIntro")}</p>
      <p className="font-semibold">{t("account.tokenLoginAccount", { name: account.name, email: account.email })}</p>
      {current ? <p>{t("account.tokenLoginReplaces", { current })}</p> : null}
      <PortalForm method="post" className="flex flex-wrap gap-4">
        <SubmitButton name="intent" value="confirm">
          {t("account.tokenLoginConfirm", { name: account.name })}
        </SubmitButton>
        <Button look="secondary" name="intent" value="cancel">
          {t("account.tokenLoginCancel")}
        </Button>
      </PortalForm>
    </PageSection>
  );
}
