import { randomUUID } from "node:crypto";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getInvitationCaptcha, sendInvitation } from "#bff/agency.server";
import type { TenantConfig } from "#bff/contract";
import { UpstreamError } from "#bff/errors";
import { actionContext, requestContext } from "#bff/request-context.server";
import { CaptchaField, FormMessage, SubmitButton, SuccessMessage, TextField } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { Form } from "~/components/portal-form";
import { captchaOf } from "~/forms/fields.server";
import { colleagueSchema } from "~/forms/invitation.server";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

const COLLEAGUE = "Mitarbeiter";
const FIELD_ERRORS: Record<string, "email" | "captchaAnswer"> = {
  captchaRequired: "captchaAnswer",
  captchaWrong: "captchaAnswer",
  emailExists: "email",
  invalidEmail: "email",
};

function requireCompanyRecommendation(config: TenantConfig) {
  if (!config.ModuleCompanyRecommendation) throw new Response(null, { status: 404 });
}

/** MitarbeiterEmpfehlen: refer a colleague (ModuleCompanyRecommendation), an invitation of the kind 'Mitarbeiter'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, config, locale } = await requestContext(request, context.bff);
  requireCompanyRecommendation(config);
  const t = fixedT(locale);
  const captcha = captchaOf(await getInvitationCaptcha(api));
  return { title: t("colleague.title"), captcha, constraint: getZodConstraint(colleagueSchema(t, { askCaptcha: Boolean(captcha) })), submissionId: randomUUID() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, config, locale, formData } = await actionContext(request, context.bff);
  requireCompanyRecommendation(config);
  const t = fixedT(locale);
  const hideFields = ["captchaAnswer"];
  const submission = parseWithZod(formData, { schema: colleagueSchema(t, { askCaptcha: formData.has("captchaId") }) });
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const { submissionId = randomUUID(), captchaId, captchaAnswer, ...colleague } = submission.value;
  try {
    await context.bff.submissions.once(`colleague:${submissionId}`, () =>
      sendInvitation(api, { ...colleague, art: COLLEAGUE, captcha: captchaId ? { id: captchaId, answer: captchaAnswer ?? "" } : undefined }),
    );
  } catch (error) {
    const field = error instanceof UpstreamError ? FIELD_ERRORS[error.messageKey] : undefined;
    if (field) return data(submission.reply({ fieldErrors: { [field]: [t(`errors:${(error as UpstreamError).messageKey}`)] }, hideFields }), { status: 400 });
    return upstreamFailureReply(error, submission, t, { hideFields });
  }
  return redirect(`/mitarbeiterempfehlen?empfohlen=${encodeURIComponent(colleague.email)}`);
}

type Fields = { vorname: string; nachname: string; email: string; captchaAnswer: string };

export default function ReferColleague() {
  const { title, captcha, constraint, submissionId } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const [form, fields] = useForm<Fields>({ id: "colleague", lastResult, constraint });
  const referred = searchParams.get("empfohlen");
  return (
    <PageSection id="colleague" title={title} width="xl">
      {referred ? <SuccessMessage>{t("colleague.sent", { email: referred })}</SuccessMessage> : <p>{t("colleague.intro")}</p>}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormMessage id={form.errorId} errors={form.errors} />
        <input type="hidden" name="submissionId" value={submissionId} />
        <TextField label={`${t("agency.invitation.vorname")} *`} meta={fields.vorname} autoComplete="off" />
        <TextField label={`${t("agency.invitation.nachname")} *`} meta={fields.nachname} autoComplete="off" />
        <TextField label={`${t("agency.invitation.email")} *`} meta={fields.email} type="email" autoComplete="off" />
        {captcha ? <CaptchaField captcha={captcha} meta={fields.captchaAnswer} /> : null}
        <SubmitButton>{t("colleague.submit")}</SubmitButton>
      </Form>
    </PageSection>
  );
}
