import { randomUUID } from "node:crypto";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { changePassword } from "#bff/account/account.server";
import { endAccountSessions } from "#bff/for-recommenders/auth.server";
import { passwordRulesOf } from "#bff/for-recommenders/password-flow.server";
import { UpstreamError } from "#bff/legacy/errors";
import { type AutologinNoticeHandle, refuseInAutologinMode, requireUser } from "~/access/recommender.server";
import { Breadcrumb } from "~/components/breadcrumb";
import { FormErrors, SubmitButton, TextField } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { constraintOf } from "~/forms/built-once.server";
import { changePasswordSchema } from "~/forms/password.server";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import { passwordHint } from "~/screens/password-link.server";

export const meta = titleMeta;
/** The root shows the autologin notice instead of this page's form. */
export const handle: AutologinNoticeHandle = { passwordForm: true };

const PASSWORD_FIELDS = ["current", "password", "passwordRepeat"];

/** PasswortAendern: reached from Meine Daten, with the current password. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const ctx = await context.requestContext(request);
  const t = fixedT(ctx.texts);
  const rules = await passwordRulesOf(context.bff, ctx);
  return {
    title: t("password.changeTitle"),
    hint: passwordHint(t, rules),
    constraint: constraintOf(changePasswordSchema(t, rules)),
    submissionId: randomUUID(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await refuseInAutologinMode(request, context);
  const user = await requireUser(request, context);
  const ctx = await context.actionContext(request);
  const t = fixedT(ctx.texts);
  const submission = parseWithZod(ctx.formData, { schema: changePasswordSchema(t, await passwordRulesOf(context.bff, ctx)) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  try {
    await context.bff.submissions.onceFromBrowser(request, { form: "change-password", id: submission.value.submissionId }, () =>
      changePassword(ctx.api, { current: submission.value.current, next: submission.value.password }),
    );
  } catch (error) {
    if (error instanceof UpstreamError && error.messageKey === "wrongCredentials") {
      return data(submission.reply({ fieldErrors: { current: [t("password.currentWrong")] }, hideFields: PASSWORD_FIELDS }), {
        status: 400,
      });
    }
    return upstreamFailureReply(error, submission, t, { hideFields: PASSWORD_FIELDS });
  }
  // Every other browser's session ends (a stolen cookie too); this one's goes on, issued anew.
  const issuedAt = await endAccountSessions(context.bff, { tenant: ctx.tenant.tenant, email: user.email });
  const ownSession = context.bff.cookies.user.reissue(request, { issuedAt });
  return redirect("/meinedaten?passwort=geaendert", { headers: ownSession ? { "Set-Cookie": ownSession } : undefined });
}

export default function ChangePassword() {
  const { hint, constraint, submissionId } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useForm<{ current: string; password: string; passwordRepeat: string }>({
    id: "change-password",
    lastResult,
    constraint,
  });
  return (
    <>
      <Breadcrumb parent={{ to: "/meinedaten", label: t("myData.title") }} current={t("password.changeTitle")} />
      <PageSection id="change-password" title={t("password.changeTitle")} width="md">
        <PortalForm method="post" {...getFormProps(form)} className="space-y-4">
          <FormErrors form={form} />
          <input type="hidden" name="submissionId" value={submissionId} />
          <TextField label={t("password.current")} meta={fields.current} type="password" autoComplete="current-password" />
          <TextField label={t("password.new")} meta={fields.password} type="password" autoComplete="new-password" hint={hint} />
          <TextField label={t("password.repeat")} meta={fields.passwordRepeat} type="password" autoComplete="new-password" />
          <SubmitButton>{t("password.save")}</SubmitButton>
        </PortalForm>
      </PageSection>
    </>
  );
}
