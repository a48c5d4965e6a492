import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { actionContext, requestContext } from "#bff/core/request-context.server";
import { acceptRecipientTerms } from "#bff/recipient/recipient.server";
import { isRewarded, nextRecipientStep } from "#bff/recipient/recipient-flow.server";
import { journeyView, recipientStepPage, requireRecipient } from "~/access/recipient.server";
import { FieldError, FormMessage, SubmitButton } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { Form } from "~/components/portal-form";
import { RewardSummary, Stepper } from "~/components/stepper";
import { TermsText } from "~/components/terms-text";
import { constraintOf } from "~/forms/built-once.server";
import { formProps, inputProps } from "~/forms/field-props";
import { recipientConsentSchema } from "~/forms/recipient-consent.server";
import { useServerForm } from "~/forms/server-form";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import { termsPlainText } from "~/terms-text";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "recipientCreated" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const recipient = requireRecipient(request, context.bff);
  const { config, locale } = await requestContext(request, context.bff);
  const t = fixedT(locale);
  return {
    title: t("recipient.consentTitle"),
    constraint: constraintOf(recipientConsentSchema(t)),
    ...journeyView(config, recipient, locale),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const recipient = requireRecipient(request, context.bff);
  const { api, config, locale, formData } = await actionContext(request, context.bff);
  const t = fixedT(locale);
  const submission = parseWithZod(formData, { schema: recipientConsentSchema(t) });
  if (submission.status !== "success") {
    return data(submission.reply({ formErrors: [t("recipient.consentRequired")] }), { status: 400 });
  }
  try {
    await acceptRecipientTerms(api, termsPlainText(t("recipient.consentLabel")));
  } catch (error) {
    return upstreamFailureReply(error, submission, t);
  }
  return redirect(recipientStepPage(nextRecipientStep(config, { agbAccepted: true, bankSaved: false, rewarded: isRewarded(recipient) })));
}

export default function RecipientConsent() {
  const { constraint, steps, reward } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useServerForm<{ zustimmung: string }>({ id: "recipient-consent", lastResult, constraint });
  const checkbox = inputProps(fields.zustimmung, { type: "checkbox", value: "yes" });
  return (
    <PageSection id="consent" title={t("recipient.consentTitle")} width="xl">
      <Stepper steps={steps} current="consent" />
      <RewardSummary amount={reward} />
      <Form method="post" {...formProps(form)} className="space-y-4">
        <FormMessage id={form.errorId} errors={form.errors} />
        <div className="flex items-start gap-2">
          <input {...checkbox} className="mt-1 h-5 w-5" />
          <label htmlFor={fields.zustimmung.id}>
            <TermsText text={t("recipient.consentLabel")} /> *
          </label>
        </div>
        <FieldError meta={fields.zustimmung} />
        <SubmitButton>{t("recipient.consentSubmit")}</SubmitButton>
      </Form>
    </PageSection>
  );
}
