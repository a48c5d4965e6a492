import { randomUUID } from "node:crypto";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { getInvitationCaptcha } from "#bff/agency/agency.server";
import type { TenantConfig } from "#bff/legacy/contract";
import { requireLoginIfForced } from "~/access/recommender.server";
import { CaptchaField, FormErrors, SubmitButton, SuccessMessage } from "~/components/form-field";
import { InviteeFields } from "~/components/invitee-fields";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { constraintOf } from "~/forms/built-once.server";
import { captchaOf, challengeOrNone } from "~/forms/fields.server";
import { colleagueSchema } from "~/forms/invitation.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import { HIDDEN_INVITATION_FIELDS, submitInvitation } from "~/screens/invitation.server";

export const meta = titleMeta;

const COLLEAGUE = "Mitarbeiter";

function requireCompanyRecommendation(config: TenantConfig) {
  if (!config.ModuleCompanyRecommendation) throw new Response(null, { status: 404 });
}

/** MitarbeiterEmpfehlen: refer a colleague (ModuleCompanyRecommendation), an invitation of the kind 'Mitarbeiter'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context);
  const { api, config, texts } = await context.requestContext(request);
  requireCompanyRecommendation(config);
  const t = fixedT(texts);
  const captcha = captchaOf(await challengeOrNone(getInvitationCaptcha(api)));
  return {
    title: t("colleague.title"),
    captcha,
    constraint: constraintOf(colleagueSchema(t, { askCaptcha: Boolean(captcha) })),
    submissionId: randomUUID(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireLoginIfForced(request, context);
  const { api, config, texts, formData } = await context.actionContext(request);
  requireCompanyRecommendation(config);
  const t = fixedT(texts);
  const submission = parseWithZod(formData, { schema: colleagueSchema(t, { askCaptcha: formData.has("captchaId") }) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: HIDDEN_INVITATION_FIELDS }), { status: 400 });
  return submitInvitation(request, context.bff, api, t, submission, submission.value, {
    art: COLLEAGUE,
    done: (email) => `/mitarbeiterempfehlen?empfohlen=${encodeURIComponent(email)}`,
  });
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
      <PortalForm method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <input type="hidden" name="submissionId" value={submissionId} />
        <InviteeFields fields={fields} />
        {captcha ? <CaptchaField captcha={captcha} meta={fields.captchaAnswer} /> : null}
        <SubmitButton>{t("colleague.submit")}</SubmitButton>
      </PortalForm>
    </PageSection>
  );
}
