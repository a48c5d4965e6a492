import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type AppLoadContext, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useEffect } from "react";
import { qrCodeSvg } from "#bff/for-recommenders/qr-code.server";
import { loadSharedRecommendation, rewardOfRecommendation } from "#bff/for-recommenders/recommend-flow.server";
import { shareActions } from "#bff/for-recommenders/share-channels.server";
import type { ActionContext } from "#bff/portal/request-context.server";
import { createOfflineCode } from "#bff/recommendation/recommendation.server";
import type { RewardOffer } from "#bff/reward/rules";
import { productOf } from "#bff/tenant-reads/catalogue-flow.server";
import { personalLink } from "~/access/recipient.server";
import { requireLoginIfForced } from "~/access/recommender.server";
import { Button } from "~/components/button";
import { FormMessage, SuccessMessage } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { RewardOfferLine } from "~/components/reward-offer";
import { ShareCard } from "~/components/share-card";
import { formatCents } from "~/format";
import { SHARE_MESSAGE_MAX, shareMessageSchema } from "~/forms/share-message.server";
import { failedCallReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import { type GoalHandle, useTrackGoal } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "shareViewed" };

/** The product's own reason to look, for a message whose friend gets no reward: its description's first sentence. */
function productBenefit(description: string | null | undefined) {
  const sentence = /^[^.!?]{1,160}[.!?]/.exec(description?.trim() ?? "")?.[0];
  return sentence ?? null;
}

/** What is shared and every way to share it: the link, the message (the recommender's own where they edited it), each channel's link. */
async function sharing(request: Request, context: AppLoadContext, number: string) {
  const ctx = await context.requestContext(request);
  const { api, config, locale, texts, tenant } = ctx;
  const recommendation = await loadSharedRecommendation(context.linkLookups, api, number);
  const t = fixedT(texts);
  const product = recommendation.Produkt.Name;
  const link = personalLink(recommendation, tenant.origin);
  const [reward, catalogued] = await Promise.all([
    rewardOfRecommendation(context.bff, ctx, recommendation),
    productOf(context.bff, ctx, recommendation.Produkt.Id),
  ]);
  // The message names the friend's part where they get one (decision 071), never a reward they would not get;
  // where they get none, the product's own benefit is the reason to tap.
  const words = { product, brand: config.Name };
  const suggested =
    reward.friendCents > 0
      ? t("share.textWithReward", { ...words, amount: formatCents(reward.friendCents, locale) })
      : t("share.text", { ...words, benefit: productBenefit(catalogued?.Beschreibung1) ?? t("share.textBenefitFallback") });
  const subject = t("share.subject", { product });
  const storyPicture = `/empfehlung/${encodeURIComponent(number)}/story.png`;
  const shared = (text: string) => ({
    // The share sheet adds the link itself; the preview shows the message as the friend gets it.
    message: { subject, text, preview: `${text} ${link}` },
    actions: shareActions(config, link, { subject, text: (url) => `${text} ${url}` }, storyPicture),
  });
  return { ctx, t, recommendation, product, link, reward, suggested, shared };
}

/**
 * EmpfehlungTeilen: the personal link, one plain link per enabled channel, a QR code, a story picture, the offline
 * code. Right after the recommendation is made (`?erstellt`) it says so: there is no page between.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context);
  const { ctx, t, product, link, reward, suggested, shared } = await sharing(request, context, params.empfehlungsnummer!);
  const { config, user } = ctx;
  // In autologin mode the share page needs a login; a logged-out visitor goes home.
  if (config.IsAutologin && !user) throw redirect("/");
  const created = new URL(request.url).searchParams.has("erstellt");
  return {
    title: t(created ? "recommend.createdTitle" : "share.title"),
    created: created ? { confirmMail: !user } : null,
    number: params.empfehlungsnummer!,
    product,
    link,
    reward,
    ...shared(suggested),
    messageMax: SHARE_MESSAGE_MAX,
    qrSvg: await qrCodeSvg(link),
    offlineCode: config.ModuleErstelleOfflineEmpfehlungCode && Boolean(user),
  };
}

/** The recommender's own message, checked, in every channel's link; what they typed stays where it is refused. */
async function editMessage(request: Request, context: AppLoadContext, number: string, formData: FormData, t: TFunction) {
  const submission = parseWithZod(formData, { schema: shareMessageSchema(t) });
  if (submission.status !== "success") return data({ intent: "message" as const, form: submission.reply(), shared: null }, { status: 400 });
  const { shared } = await sharing(request, context, number);
  return { intent: "message" as const, form: submission.reply(), shared: shared(submission.value.nachricht) };
}

async function makeOfflineCode(context: ActionContext, number: string, t: TFunction) {
  if (!context.config.ModuleErstelleOfflineEmpfehlungCode || !context.user)
    return data({ intent: "offline-code" as const, code: null, error: t("errors:loginFirst") }, { status: 403 });
  try {
    const { Code } = await createOfflineCode(context.api, number);
    return { intent: "offline-code" as const, code: Code, error: null };
  } catch (error) {
    return failedCallReply(error, t, (message) => ({ intent: "offline-code" as const, code: null, error: message }));
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireLoginIfForced(request, context);
  const actionContext = await context.actionContext(request);
  const t = fixedT(actionContext.texts);
  const number = params.empfehlungsnummer!;
  if (actionContext.formData.get("intent") === "message") return editMessage(request, context, number, actionContext.formData, t);
  return makeOfflineCode(actionContext, number, t);
}

export default function ShareRecommendation() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const created = answered?.intent === "offline-code" ? answered : undefined;
  const edited = answered?.intent === "message" ? answered : undefined;
  const shown = edited?.shared ?? loaded;
  const { t } = useTranslation();
  const trackGoal = useTrackGoal();
  const justCreated = Boolean(loaded.created);
  useEffect(() => {
    if (justCreated) trackGoal("recommendationCreated");
  }, [justCreated, trackGoal]);
  return (
    <PageSection id="share" title={loaded.title} width="full">
      {loaded.created ? (
        <SuccessMessage>
          <p>{t("recommend.createdText", { product: loaded.product })}</p>
          {loaded.created.confirmMail ? <p>{t("recommend.createdConfirmMail")}</p> : null}
        </SuccessMessage>
      ) : null}
      <ShareCard
        product={loaded.product}
        link={loaded.link}
        message={shown.message}
        actions={shown.actions}
        qrSvg={loaded.qrSvg}
        editor={{ max: loaded.messageMax, lastResult: edited?.form, applied: Boolean(edited?.shared) }}
      >
        <RewardReminder reward={loaded.reward} />
      </ShareCard>
      {loaded.offlineCode ? (
        <section aria-labelledby="offline-code-title" className="card space-y-2">
          <h2 id="offline-code-title" className="text-xl font-semibold">
            {t("share.offlineTitle")}
          </h2>
          <p>{t("share.offlineIntro")}</p>
          <FormMessage id="offline-code-error" errors={created?.error ? [created.error] : undefined} />
          {created?.code ? (
            <p role="status">
              {t("share.offlineCode")} <strong className="font-mono text-xl">{created.code}</strong>
            </p>
          ) : (
            <PortalForm method="post">
              <Button look="secondary" name="intent" value="offline-code">
                {t("share.offlineCreate")}
              </Button>
            </PortalForm>
          )}
        </section>
      ) : null}
    </PageSection>
  );
}

/** What sharing brings each side after the split, in the one sentence (decision 071), and when it is paid. */
function RewardReminder({ reward }: { reward: RewardOffer }) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="text-2xl font-bold text-brand-ink">
        <RewardOfferLine offer={reward} stacked />
      </p>
      <p className="mt-1 text-sm text-slate-700">{t("rewardOffer.whenPaid")}</p>
    </div>
  );
}
