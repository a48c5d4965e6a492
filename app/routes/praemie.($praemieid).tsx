import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { Reward } from "#bff/reward/replies";
import { chooseReward } from "#bff/reward/reward.server";
import { loadBookingState, rewardsValidToday, stepAfterChoice } from "#bff/tenant-reads/reward-flow.server";
import { keepLinkToken } from "~/access/link-tokens.server";
import { ChoiceCard } from "~/components/choice-card";
import { FieldError, FormErrors, SubmitButton } from "~/components/form-field";
import { HyphenatedText } from "~/components/hyphenated-text";
import { LapseNotice, type LapseView } from "~/components/lapse-notice";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { RewardPicture } from "~/components/reward-picture";
import { RewardProblem } from "~/components/reward-problem";
import { formatDate, rewardView } from "~/format";
import { rewardChoiceSchema } from "~/forms/reward-choice.server";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { hyphenated } from "~/hyphenate.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { lapseOf } from "~/lapse.server";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  keepLinkToken(request, context.bff, "reward");
  const { bff } = context;
  const ctx = await context.requestContext(request);
  const t = fixedT(ctx.texts);
  const booking = await loadBookingState(request, bff, ctx.api, context.linkLookups);
  if (booking.state === "invalid")
    return data(
      {
        title: t("reward.problemTitle"),
        view: {
          state: "problem" as const,
          message: t(`errors:${booking.messageKey}`),
          expired: booking.messageKey === "rewardTokenExpired",
        },
      },
      { status: 410 },
    );
  if (booking.state === "collected") {
    const chosen = booking.chosen ? ` ${t("reward.collectedChosen", { name: booking.chosen.Name })}` : "";
    return {
      title: t("reward.problemTitle"),
      view: { state: "problem" as const, message: `${t("errors:rewardAlreadyCollected")}${chosen}` },
    };
  }
  const rewards = await rewardsValidToday(bff, ctx);
  const preselected = rewards.some((reward) => String(reward.Id) === params.praemieid) ? Number(params.praemieid) : undefined;
  const choice = { rewards: rewards.map((reward) => rewardView(reward, ctx.locale, hyphenated)), preselected, highest: worthMost(rewards) };
  return { title: t("reward.metaTitle"), view: { state: "choose" as const, ...choice, lapse: lapseOf(bff, request, "reward") } };
}

/** The reward worth most, to help choose; none where all are worth the same. */
function worthMost(rewards: Reward[]) {
  const values = rewards.map((reward) => reward.WertCent);
  const most = Math.max(...values);
  return values.filter((value) => value === most).length === 1 ? rewards[values.indexOf(most)].Id : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { bff } = context;
  const ctx = await context.actionContext(request);
  const t = fixedT(ctx.texts);
  const booking = await loadBookingState(request, bff, ctx.api, context.linkLookups);
  if (booking.state !== "open") return redirect(new URL(request.url).pathname);
  const rewards = await rewardsValidToday(bff, ctx);
  const submission = parseWithZod(ctx.formData, {
    schema: rewardChoiceSchema(
      t,
      rewards.map((reward) => reward.Id),
    ),
  });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const reward = rewards.find((item) => item.Id === submission.value.praemieId)!;
  try {
    // A double submit of the same choice gets the first one's result, not 'already collected'.
    await bff.submissions.once(["reward", booking.praemierungstoken, reward.Id], () =>
      chooseReward(ctx.api, booking.praemierungstoken, reward.Id),
    );
  } catch (error) {
    return upstreamFailureReply(error, submission, t);
  }
  return redirect(stepAfterChoice(reward) === "bankData" ? "/empfehler/bankdaten" : "/praemiedanke");
}

export default function ChooseReward() {
  const { view } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (view.state === "problem")
    return <RewardProblem title={t("reward.problemTitle")} message={view.message} expired={"expired" in view && view.expired} />;
  return <RewardChoice rewards={view.rewards} preselected={view.preselected} highest={view.highest} lapse={view.lapse} />;
}

type RewardChoiceProps = {
  rewards: ReturnType<typeof rewardView>[];
  preselected?: number;
  highest: number | null;
  lapse: LapseView | null;
};

function RewardChoice({ rewards, preselected, highest, lapse }: RewardChoiceProps) {
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useForm<{ praemieId: string }>({
    id: "reward-choice",
    lastResult,
    defaultValue: { praemieId: preselected === undefined ? undefined : String(preselected) },
  });
  if (rewards.length === 0) return <RewardProblem title={t("reward.title")} message={t("reward.none")} />;
  return (
    <PageSection id="reward" title={t("reward.title")} width="3xl">
      <p>{t("reward.intro")}</p>
      {lapse ? <LapseNotice lapse={lapse} /> : null}
      <PortalForm method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        {/* min-w-0: a fieldset is as wide as its widest content by default, which would push a phone's page sideways. */}
        <fieldset
          id={fields.praemieId.id}
          role="radiogroup"
          aria-required="true"
          aria-invalid={fields.praemieId.errors?.length ? true : undefined}
          className="min-w-0"
          aria-describedby={fields.praemieId.errors?.length ? fields.praemieId.errorId : undefined}
        >
          <legend className="sr-only">{t("reward.pick")}</legend>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {rewards.map((reward) => (
              <li key={reward.id} className="flex">
                <ChoiceCard
                  name={fields.praemieId.name}
                  value={String(reward.id)}
                  defaultChecked={fields.praemieId.initialValue === String(reward.id)}
                  picture={<RewardPicture id={reward.id} className="h-12 w-12 md:h-[100px] md:w-[100px]" />}
                  title={<HyphenatedText text={`${reward.name}: ${reward.value}`} />}
                  hint={reward.id === highest ? t("reward.highestValue") : null}
                  detail={
                    <>
                      <span className="block">{t(`reward.kindDetails.${reward.kind}`)}</span>
                      {reward.until ? <span className="block">{t("reward.validUntil", { date: formatDate(reward.until) })}</span> : null}
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        </fieldset>
        <FieldError meta={fields.praemieId} />
        <SubmitButton>{t("reward.choose")}</SubmitButton>
      </PortalForm>
    </PageSection>
  );
}
