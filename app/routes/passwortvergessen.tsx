import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { requestPasswordReset } from "#bff/account/account.server";
import { type AutologinNoticeHandle, refuseInAutologinMode } from "~/access/recommender.server";
import { FormErrors, SubmitButton, SuccessMessage, TextField } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { constraintOf } from "~/forms/built-once.server";
import { emailOnlySchema } from "~/forms/registration.server";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;
/** The root shows the autologin notice instead of this page's form. */
export const handle: AutologinNoticeHandle = { passwordForm: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { texts } = await context.requestContext(request);
  const t = fixedT(texts);
  return { title: t("password.forgottenTitle"), constraint: constraintOf(emailOnlySchema(t)) };
}

/** The same answer whether or not the address has an account: nobody learns who is registered. */
export async function action({ request, context }: ActionFunctionArgs) {
  await refuseInAutologinMode(request, context);
  const { api, locale, texts, formData } = await context.actionContext(request);
  const t = fixedT(texts);
  const submission = parseWithZod(formData, { schema: emailOnlySchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await context.bff.rateLimits.mailTo(submission.value.email);
    await requestPasswordReset(api, submission.value.email, locale);
  } catch (error) {
    return upstreamFailureReply(error, submission, t);
  }
  return redirect("/passwortvergessen?gesendet=1");
}

export default function ForgottenPassword() {
  const { constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const [form, fields] = useForm<{ email: string }>({ id: "forgotten-password", lastResult, constraint });
  return (
    <PageSection id="forgotten-password" title={t("password.forgottenTitle")} width="md">
      {searchParams.get("gesendet") === "1" ? (
        <SuccessMessage>{t("password.forgottenSent")}</SuccessMessage>
      ) : (
        <p>{t("password.forgottenIntro")}</p>
      )}
      <PortalForm method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <TextField label={t("account.email")} meta={fields.email} type="email" autoComplete="email" />
        <SubmitButton>{t("password.forgottenSubmit")}</SubmitButton>
      </PortalForm>
    </PageSection>
  );
}
