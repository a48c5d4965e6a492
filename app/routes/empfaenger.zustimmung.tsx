import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { createRecipientJourney, expiredMeanwhile, isRewarded, nextRecipientStep } from "#bff/for-recipients/recipient-flow.server";
import type { TenantConfig } from "#bff/legacy/contract";
import { UpstreamError } from "#bff/legacy/errors";
import { fieldOfMessage } from "#bff/legacy/legacy-error-codes";
import { acceptRecipientTerms } from "#bff/recipient/recipient.server";
import type { RecipientDraft } from "#bff/recipient/recipient-draft.server";
import { EXPIRED_PAGE, journeyView, recipientFormPage, recipientStepPage, requireConsentingRecipient } from "~/access/recipient.server";
import { FieldError, FormErrors, SubmitButton } from "~/components/form-field";
import { LapseNotice } from "~/components/lapse-notice";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { RewardSummary, Stepper } from "~/components/stepper";
import { TermsText } from "~/components/terms-text";
import { constraintOf } from "~/forms/built-once.server";
import { formProps, inputProps } from "~/forms/field-props";
import { recipientConsentSchema } from "~/forms/recipient-consent.server";
import { useServerForm } from "~/forms/server-form";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { lapseOf } from "~/lapse.server";
import { titleMeta } from "~/meta";
import { termsPlainText } from "~/terms-text";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "recipientCreated" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const consenting = requireConsentingRecipient(request, context.bff);
  const { config, locale, texts } = await context.requestContext(request);
  const t = fixedT(texts);
  return {
    title: t("recipient.consentTitle"),
    constraint: constraintOf(recipientConsentSchema(t)),
    given: "draft" in consenting ? givenData(consenting.draft) : null,
    // Kept for a while only: said before it is lost (WCAG 2.2.6), with a way to keep it longer.
    lapse: lapseOf(context.bff, request, "draft"),
    ...journeyView(config, "draft" in consenting ? consenting.draft : consenting.recipient, locale),
  };
}

/** What the recipient gave, to read once more before consenting, and the page to correct it on. */
function givenData({ data, empfehlungsnummer }: RecipientDraft) {
  const { adresse } = data;
  return {
    name: `${data.vorname} ${data.name}`,
    email: data.email,
    address: [`${adresse.strasse} ${adresse.hausnummer}`, adresse.adresszusatz, `${adresse.plz} ${adresse.ort}`].filter(Boolean).join(", "),
    correct: recipientFormPage(empfehlungsnummer),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { bff } = context;
  const consenting = requireConsentingRecipient(request, bff);
  const { api, apiWith, config, texts, formData } = await context.actionContext(request);
  const t = fixedT(texts);
  const submission = parseWithZod(formData, { schema: recipientConsentSchema(t) });
  if (submission.status !== "success") {
    return data(submission.reply({ formErrors: [t("recipient.consentRequired")] }), { status: 400 });
  }
  const termsText = termsPlainText(t("recipient.consentLabel"));
  if ("recipient" in consenting) {
    try {
      await acceptRecipientTerms(api, termsText);
    } catch (error) {
      return upstreamFailureReply(error, submission, t);
    }
    return redirect(nextStepPage(config, isRewarded(consenting.recipient)));
  }
  const { draft } = consenting;
  try {
    const session = await createRecipientJourney(request, { bff, api, apiWith, requestId: context.requestId }, draft, {
      submission: { id: draft.submissionId, params: { empfehlungsnummer: draft.empfehlungsnummer } },
      termsText,
    });
    const headers = new Headers();
    headers.append("Set-Cookie", bff.cookies.recipient.write(request, session, { persistent: false }));
    headers.append("Set-Cookie", bff.cookies.recipientDraft.clear());
    return redirect(nextStepPage(config, draft.rewarded), { headers });
  } catch (error) {
    if (expiredMeanwhile(error)) throw redirect(EXPIRED_PAGE, { headers: { "Set-Cookie": bff.cookies.recipientDraft.clear() } });
    const { messageKey } = error as UpstreamError;
    if (fieldOfMessage[messageKey] !== "email") return upstreamFailureReply(error, submission, t);
    // The backend refused the e-mail address: back to the data page, the message next to its field.
    const refused = bff.cookies.recipientDraft.write(request, { ...draft, emailProblem: messageKey }, { persistent: false });
    throw redirect(recipientFormPage(draft.empfehlungsnummer), { headers: { "Set-Cookie": refused } });
  }
}

function nextStepPage(config: TenantConfig, rewarded: boolean) {
  return recipientStepPage(nextRecipientStep(config, { agbAccepted: true, bankSaved: false, rewarded }));
}

export default function RecipientConsent() {
  const { constraint, steps, reward, given, lapse } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useServerForm<{ zustimmung: string }>({ id: "recipient-consent", lastResult, constraint });
  const checkbox = inputProps(fields.zustimmung, { type: "checkbox", value: "yes" });
  return (
    <PageSection id="consent" title={t("recipient.consentTitle")} width="xl">
      <Stepper steps={steps} current="consent" />
      <RewardSummary amount={reward} />
      {given ? <GivenData given={given} /> : null}
      {lapse ? <LapseNotice lapse={lapse} /> : null}
      <PortalForm method="post" {...formProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <div className="flex items-start gap-2">
          <input {...checkbox} className="mt-1 h-5 w-5" />
          <label htmlFor={fields.zustimmung.id}>
            <TermsText text={t("recipient.consentLabel")} /> *
          </label>
        </div>
        <FieldError meta={fields.zustimmung} />
        <SubmitButton>{t("recipient.consentSubmit")}</SubmitButton>
      </PortalForm>
    </PageSection>
  );
}

function GivenData({ given }: { given: ReturnType<typeof givenData> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="given-title" className="card space-y-2">
      <h2 id="given-title" className="font-semibold">
        {t("recipient.givenTitle")}
      </h2>
      <p>
        {given.name}
        <br />
        {given.email}
        <br />
        {given.address}
      </p>
      <Link to={given.correct} className="inline-block py-1 text-brand-ink underline">
        {t("recipient.correctData")}
      </Link>
    </section>
  );
}
