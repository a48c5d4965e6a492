import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { asksBankData, isRewarded, nextRecipientStep } from "#bff/for-recipients/recipient-flow.server";
import { getRecipientOrder, saveRecipientBankData } from "#bff/recipient/recipient.server";
import { journeyView, recipientStepPage, requireRecipient } from "~/access/recipient.server";
import { BankDataForm } from "~/components/bank-data-form";
import { LapseNotice } from "~/components/lapse-notice";
import { RewardSummary, Stepper } from "~/components/stepper";
import { bankDataSchema } from "~/forms/bank-data.server";
import { constraintOf } from "~/forms/built-once.server";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { lapseOf } from "~/lapse.server";
import { titleMeta } from "~/meta";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "recipientConsented" };

/**
 * Only while bank data are asked: not for a recipient without a share of the reward, and not again
 * once given (Back from the confirmation lands there, not on an empty form that would write twice).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const recipient = requireRecipient(request, context.bff);
  const { api, config, locale, texts } = await context.requestContext(request);
  const order = await getRecipientOrder(api);
  if (!asksBankData(config, { bankSaved: order.BankdatenHinterlegt, rewarded: isRewarded(recipient) })) {
    throw redirect(recipientStepPage("confirmation"));
  }
  const t = fixedT(texts);
  return {
    title: t("recipient.bankTitle"),
    germanOnly: config.ModuleIBANNurDE,
    constraint: constraintOf(bankDataSchema(t, { germanOnly: config.ModuleIBANNurDE })),
    lapse: lapseOf(context.bff, request, "draft"),
    ...journeyView(config, recipient, locale),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireRecipient(request, context.bff);
  const { api, config, texts, formData } = await context.actionContext(request);
  // Bank data are optional for a recipient: they can give them later, from the confirmation page.
  if (formData.get("intent") === "later") return redirect(recipientStepPage("confirmation"));
  const t = fixedT(texts);
  const submission = parseWithZod(formData, { schema: bankDataSchema(t, { germanOnly: config.ModuleIBANNurDE }) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await saveRecipientBankData(api, submission.value);
  } catch (error) {
    return upstreamFailureReply(error, submission, t);
  }
  return redirect(recipientStepPage(nextRecipientStep(config, { agbAccepted: true, bankSaved: true, rewarded: true })));
}

export default function RecipientBankData() {
  const { constraint, germanOnly, steps, reward, lapse } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <BankDataForm
      id="recipient-bank"
      title={t("recipient.bankTitle")}
      intro={t("recipient.bankIntro")}
      constraint={constraint}
      germanOnly={germanOnly}
      lastResult={lastResult}
      later={t("recipient.bankLater")}
      lead={
        <>
          <Stepper steps={steps} current="bankData" />
          <RewardSummary amount={reward} />
          {lapse ? <LapseNotice lapse={lapse} /> : null}
        </>
      }
    />
  );
}
