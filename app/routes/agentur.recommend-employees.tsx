import { randomUUID } from "node:crypto";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { getInvitationCaptcha, getInvitationData } from "#bff/agency/agency.server";
import { type RequestContext } from "#bff/portal/request-context.server";
import { requireAgencyPermission } from "~/access/agency.server";
import { CaptchaField, FormErrors, SelectField, SubmitButton, SuccessMessage } from "~/components/form-field";
import { InviteeFields } from "~/components/invitee-fields";
import { PortalForm } from "~/components/portal-form";
import { constraintOf } from "~/forms/built-once.server";
import { captchaOf, challengeOrNone } from "~/forms/fields.server";
import { invitationSchema } from "~/forms/invitation.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import { HIDDEN_INVITATION_FIELDS, submitInvitation } from "~/screens/invitation.server";

export const meta = titleMeta;

async function invitationOptions({ api }: Pick<RequestContext, "api">) {
  const invitationData = await getInvitationData(api);
  return { invitationData, kinds: invitationData.Arten, staffNumbers: invitationData.Mitarbeiter.map((item) => item.Mitarbeiternummer) };
}

/** The invitation tool (tab 'recommend-employees'): the backend's captcha check first (PUT Einladung, empty body). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAgencyPermission(request, context.bff, "Einladungstool");
  const ctx = await context.requestContext(request);
  const t = fixedT(ctx.texts);
  const [{ invitationData, ...options }, challenge] = await Promise.all([
    invitationOptions(ctx),
    challengeOrNone(getInvitationCaptcha(ctx.api)),
  ]);
  const captcha = captchaOf(challenge);
  return {
    title: t("agency.tabs.recommend-employees"),
    agency: invitationData.Agentur,
    kinds: invitationData.Arten,
    staff: invitationData.Mitarbeiter,
    captcha,
    constraint: constraintOf(invitationSchema(t, { ...options, askCaptcha: Boolean(captcha) })),
    submissionId: randomUUID(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireAgencyPermission(request, context.bff, "Einladungstool");
  const ctx = await context.actionContext(request);
  const t = fixedT(ctx.texts);
  const { formData } = ctx;
  const schema = invitationSchema(t, { ...(await invitationOptions(ctx)), askCaptcha: formData.has("captchaId") });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: HIDDEN_INVITATION_FIELDS }), { status: 400 });
  return submitInvitation(request, context.bff, ctx.api, t, submission, submission.value, {
    done: (email) => `/agentur/recommend-employees?eingeladen=${encodeURIComponent(email)}`,
  });
}

type Fields = { vorname: string; nachname: string; email: string; art: string; mitarbeiternummer: string; captchaAnswer: string };

export default function InvitationTool() {
  const { title, agency, kinds, staff, captcha, constraint, submissionId } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const [form, fields] = useForm<Fields>({ id: "invitation", lastResult, constraint });
  const invited = searchParams.get("eingeladen");
  return (
    <section aria-labelledby="invitation-title" className="max-w-xl space-y-4">
      <h1 id="invitation-title" className="text-2xl font-semibold">
        {title}
      </h1>
      {invited ? (
        <SuccessMessage>{t("agency.invitation.sent", { email: invited })}</SuccessMessage>
      ) : (
        <p>{t("agency.invitation.intro", { agency })}</p>
      )}
      <PortalForm method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <input type="hidden" name="submissionId" value={submissionId} />
        <InviteeFields fields={fields} />
        <SelectField
          label={`${t("agency.invitation.art")} *`}
          meta={fields.art}
          placeholder={t("agency.invitation.choose")}
          options={kinds.map((kind) => ({ value: kind, label: t(`agency.invitation.kinds.${kind}`, { defaultValue: kind }) }))}
        />
        <SelectField
          label={t("agency.invitation.mitarbeiternummer")}
          meta={fields.mitarbeiternummer}
          placeholder={t("agency.invitation.noStaff")}
          options={staff.map((item) => ({ value: item.Mitarbeiternummer, label: `${item.Name} (${item.Mitarbeiternummer})` }))}
        />
        {captcha ? <CaptchaField captcha={captcha} meta={fields.captchaAnswer} /> : null}
        <SubmitButton>{t("agency.invitation.submit")}</SubmitButton>
      </PortalForm>
    </section>
  );
}
