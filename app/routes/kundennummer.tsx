import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getCustomerNumberResult, setCustomerNumber } from "#bff/reward/reward.server";
import { loadBookingState } from "#bff/tenant-reads/reward-flow.server";
import { keepLinkToken } from "~/access/link-tokens.server";
import { FormErrors, SubmitButton, TextField } from "~/components/form-field";
import { MessagePanel } from "~/components/message-panel";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { RewardProblem } from "~/components/reward-problem";
import { constraintOf } from "~/forms/built-once.server";
import { customerNumberSchema } from "~/forms/customer-number.server";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  keepLinkToken(request, context.bff, "reward");
  const ctx = await context.requestContext(request);
  const t = fixedT(ctx.texts);
  const booking = await loadBookingState(request, context.bff, ctx.api, context.linkLookups);
  if (booking.state === "invalid")
    return data(
      { title: t("reward.problemTitle"), problem: t(`errors:${booking.messageKey}`), known: null, constraint: null },
      { status: 410 },
    );
  const { Kundennummer } = await getCustomerNumberResult(ctx.api);
  return {
    title: t("reward.customerTitle"),
    problem: null,
    known: Kundennummer ?? null,
    constraint: constraintOf(customerNumberSchema(t)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await context.actionContext(request);
  const t = fixedT(ctx.texts);
  const submission = parseWithZod(ctx.formData, { schema: customerNumberSchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await setCustomerNumber(ctx.api, submission.value.kundennummer);
  } catch (error) {
    return upstreamFailureReply(error, submission, t);
  }
  return redirect("/kulanzdanke");
}

export default function CustomerNumber() {
  const { problem, known, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useForm<{ kundennummer: string }>({ id: "customer-number", lastResult, constraint: constraint ?? undefined });
  if (problem) return <RewardProblem title={t("reward.problemTitle")} message={problem} />;
  if (known) {
    return (
      <MessagePanel title={t("reward.customerTitle")} backLabel={t("notFound.back")}>
        <p className="mt-4">{t("reward.customerKnown", { number: known })}</p>
      </MessagePanel>
    );
  }
  return (
    <PageSection id="customer" title={t("reward.customerTitle")} width="md">
      <p>{t("reward.customerIntro")}</p>
      <PortalForm method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <TextField label={`${t("reward.customerLabel")} *`} meta={fields.kundennummer} autoComplete="off" hint={t("reward.customerHint")} />
        <SubmitButton>{t("reward.customerSubmit")}</SubmitButton>
      </PortalForm>
    </PageSection>
  );
}
