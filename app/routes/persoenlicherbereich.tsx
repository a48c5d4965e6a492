import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { recommendationsOf } from "#bff/for-recommenders/recommend-flow.server";
import { type StatusStep, statusStepOf, statusSteps } from "#bff/recipient/rules";
import { getRecommenderBanner } from "#bff/recommendation/recommendation.server";
import { resendRewardMail } from "#bff/reward/reward.server";
import { earningsOf, payoutStage, pendingChoiceCents, type RecommendationReward, type RewardOffer } from "#bff/reward/rules";
import { optionalPart } from "#bff/tenant/optional-part.server";
import { maxRewardValueOf, offersByProductName } from "#bff/tenant-reads/reward-flow.server";
import { requireUser } from "~/access/recommender.server";
import { ActionLabel } from "~/components/action-label";
import { Button } from "~/components/button";
import { CARD_TABLE_FROM_LG } from "~/components/card-table";
import { FormMessage } from "~/components/form-field";
import { KeyFigures } from "~/components/key-figures";
import { Pager } from "~/components/pager";
import { PortalForm } from "~/components/portal-form";
import { ProgrammeBanner } from "~/components/programme-banner";
import { ShortText } from "~/components/short-text";
import { StatusChip } from "~/components/status-chip";
import { formatCents, formatDate } from "~/format";
import { failedCallReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import type { Translate } from "~/i18n/translate";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import { withNotice } from "~/notices";

export const meta = titleMeta;

/** Rows a page of the area shows: however many recommendations the backend sends, the page stays small. */
const ROWS_PER_PAGE = 20;

/** The page of the list a URL asks for, within the pages there are. */
function pageOf(url: URL, pageCount: number) {
  const asked = Number(url.searchParams.get("seite"));
  return Number.isSafeInteger(asked) && asked > 1 ? Math.min(asked, pageCount) : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const ctx = await context.requestContext(request);
  const { api, texts, locale } = ctx;
  const [recommendations, banner] = await Promise.all([
    recommendationsOf(ctx),
    // The banner is a nicety: the page shows without it when the call fails.
    optionalPart(context.bff, "recommenderBanner", () => getRecommenderBanner(api), { ShowBanner: false }),
  ]);
  // An offer to do more is for those who have done something: not on an empty area.
  const showBanner = banner.ShowBanner && recommendations.length > 0;
  const [bannerUpTo, offers] = await Promise.all([
    showBanner ? maxRewardValueOf(context.bff, ctx) : null,
    // Only to say a pending reward's choice: without it the reward reads 'bis zu' its amount.
    recommendations.some(isPendingWithAmount)
      ? optionalPart(context.bff, "productOffers", () => offersByProductName(context.bff, ctx), null)
      : null,
  ]);
  const t = fixedT(texts);
  const amounts = new Map(recommendations.map((item) => [item, rewardAmountOf(item, offers)]));
  // On its way: 'bis zu' where a reward on it is still to be chosen.
  const pendingUpTo = [...amounts.values()].some((amount) => amount !== null && !("cents" in amount));
  const cents = (value: number) => formatCents(value, locale);
  const pageCount = Math.max(1, Math.ceil(recommendations.length / ROWS_PER_PAGE));
  const listPage = pageOf(new URL(request.url), pageCount);
  return {
    title: t("account.areaTitle"),
    name: user.vorname,
    showBanner,
    bannerUpTo: bannerUpTo === null ? null : formatCents(bannerUpTo, locale),
    figures: figuresOf(recommendations, locale, (amount) => (pendingUpTo ? t("account.rewardUpTo", { amount }) : amount)),
    listPage,
    pageCount,
    recommendations: recommendations.slice((listPage - 1) * ROWS_PER_PAGE, listPage * ROWS_PER_PAGE).map((item) => ({
      number: item.Empfehlungsnummer,
      product: item.Produkt,
      recipient: item.EmpfaengerName ?? null,
      date: formatDate(item.ErstelltAm),
      status: item.Status,
      payout: item.PraemienStatus ?? null,
      amount: amountText(amounts.get(item)!, cents, t),
      step: statusStepOf(item.Status, item.PraemienStatus),
    })),
  };
}

type Listed = RecommendationReward & { Status: string; Produkt: string };

const isPendingWithAmount = (item: RecommendationReward) =>
  payoutStage(item.PraemienStatus) === "pending" && typeof item.PraemieWertCent === "number";

/** A reward's amount as the area says it: alone, both choices still to make, or 'bis zu' where the choices are unknown. */
type RewardAmount = { cents: number } | { choice: { cashCents: number; voucherCents: number } } | { upToCents: number };

/**
 * The amount of a reward that is or will be paid (not of one cancelled or expired). One still to be chosen says both
 * choices ('50 € oder 70 € – Sie wählen') where its product's offer is known, else 'bis zu' the backend's amount.
 */
function rewardAmountOf(item: Listed, offers: Map<string, RewardOffer> | null): RewardAmount | null {
  const stage = payoutStage(item.PraemienStatus);
  if (typeof item.PraemieWertCent !== "number" || !stage) return null;
  if (stage !== "pending") return { cents: item.PraemieWertCent };
  const offer = offers?.get(item.Produkt);
  if (!offer) return { upToCents: item.PraemieWertCent };
  const choice = pendingChoiceCents(offer, item.PraemieWertCent);
  return choice ? { choice } : { cents: item.PraemieWertCent };
}

function amountText(amount: RewardAmount | null, cents: (value: number) => string, t: Translate) {
  if (!amount) return null;
  if ("choice" in amount)
    return t("account.rewardChoice", { cash: cents(amount.choice.cashCents), voucher: cents(amount.choice.voucherCents) });
  if ("upToCents" in amount) return t("account.rewardUpTo", { amount: cents(amount.upToCents) });
  return cents(amount.cents);
}

/**
 * The area's summary: the money earned and on its way where the backend gives each reward's amount
 * (bff/reward/rules.ts), then how many recommendations and how many still open; without the amounts, how
 * many rewards were paid out or picked up instead.
 */
function figuresOf(recommendations: Listed[], locale: string, pendingUpTo: (amount: string) => string) {
  const earnings = earningsOf(recommendations);
  const counts = {
    all: recommendations.length,
    open: recommendations.filter((item) => item.Status === "Offen").length,
  };
  if (earnings)
    return {
      earned: formatCents(earnings.earnedCents, locale),
      pending: pendingUpTo(formatCents(earnings.pendingCents, locale)),
      ...counts,
    };
  const rewarded = recommendations.filter((item) => payoutStage(item.PraemienStatus) === "earned").length;
  return { ...counts, rewarded };
}

/** 'Send me the reward e-mail again', for a recommendation whose reward is waiting; it counts against the address's mail limit. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const { api, texts, formData } = await context.actionContext(request);
  try {
    await context.bff.rateLimits.mailTo(user.email);
    await resendRewardMail(api, String(formData.get("empfehlungsnummer") ?? ""));
  } catch (error) {
    return failedCallReply(error, fixedT(texts), (message) => ({ error: message }));
  }
  return redirect(withNotice("/persoenlicherbereich", "praemienmail-gesendet"));
}

const COLUMNS = ["number", "product", "recipient", "date", "status", "payout", "action"] as const;
/** No recommendation yet: a friendly picture, what the area will show, and the one thing to do. */
function EmptyArea() {
  const { t } = useTranslation();
  return (
    <div className="card flex flex-col items-center gap-4 py-8 text-center">
      <svg aria-hidden="true" viewBox="0 0 120 80" className="h-24 w-36">
        <rect x="8" y="14" width="64" height="52" rx="8" className="fill-slate-100 stroke-slate-400" strokeWidth="2" />
        <path d="M8 24l32 20 32-20" className="fill-none stroke-slate-400" strokeWidth="2" />
        <circle cx="88" cy="28" r="20" className="fill-brand" />
        <path d="M79 28l6 6 12-12" className="fill-none stroke-brand-on" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="max-w-sm">{t("account.noRecommendations")}</p>
      <Link to="/empfehlen" className="btn btn-primary">
        {t("account.firstRecommendation")}
      </Link>
    </div>
  );
}

/** The payout status, with the reward's amount where the backend says it. */
function Payout({ payout, amount }: { payout: string; amount: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`account.payouts.${payout}`)}
      {amount ? <span className="block font-semibold">{amount}</span> : null}
    </>
  );
}

/** A row's next step: a link, or a button's form, with what it means beneath. */
function StepWithHint({ children, hint }: { children: React.ReactNode; hint: string }) {
  return (
    <>
      {children}
      <span className="mt-1 block text-sm text-slate-700">{hint}</span>
    </>
  );
}

/**
 * What the recommender can do with a recommendation now, for every state (no row ends in a dash): get the pickup mail
 * of a reward that is ready, share an open link, recommend again after an expired one or a paid reward, ask about a
 * cancelled one; one whose contract is under way needs nothing, and says so.
 */
function RowAction({ number, status, payout }: { number: string; status: string; payout: string | null }) {
  const { t } = useTranslation();
  if (payout === "Bereitgestellt")
    return (
      <PortalForm method="post" className="text-left">
        <input type="hidden" name="empfehlungsnummer" value={number} />
        <StepWithHint hint={t("account.rewardMailHint")}>
          <Button look="primary">
            <ActionLabel action={t("account.rewardMail")} subject={number} />
          </Button>
        </StepWithHint>
      </PortalForm>
    );
  if (status === "Offen")
    return (
      <Link to={`/empfehlung/${encodeURIComponent(number)}`} className="btn btn-secondary">
        <ActionLabel action={t("account.share")} subject={number} />
      </Link>
    );
  const step = nextStepOf(status, payout);
  if (!step) return <span className="text-slate-700">{t("account.waitingHint")}</span>;
  return (
    <StepWithHint hint={t(step.hint)}>
      <Link to={step.to} className="btn btn-secondary">
        <ActionLabel action={t(step.action)} subject={number} />
      </Link>
    </StepWithHint>
  );
}

function nextStepOf(status: string, payout: string | null) {
  if (status === "Storniert" || payout === "Storniert") return { to: "/kontakt", action: "account.askUs", hint: "account.cancelledHint" };
  if (status === "Abgelaufen" || payout === "Abgelaufen")
    return { to: "/empfehlen", action: "account.recommendAgain", hint: "account.recommendAgainHint" };
  if (status === "Gezahlt" || payout === "Ausgezahlt" || payout === "Abgeholt")
    return { to: "/empfehlen", action: "account.recommendMore", hint: "account.recommendMoreHint" };
  return null;
}

export default function PersonalArea() {
  const { name, recommendations, showBanner, bannerUpTo, figures, listPage, pageCount } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="area-title" className="space-y-4">
      <h1 id="area-title" className="text-2xl font-semibold">
        {t("account.areaTitle")}
      </h1>
      <p>{t("account.greeting", { name })}</p>
      {failed ? <FormMessage id="reward-mail-error" errors={[failed.error]} /> : null}
      {recommendations.length > 0 ? (
        <KeyFigures
          columns="grid-cols-2 md:grid-cols-4"
          figures={Object.entries(figures).map(([figure, value]) => ({ label: t(`account.figures.${figure}`), value }))}
        />
      ) : null}
      {showBanner ? <ProgrammeBanner upTo={bannerUpTo} /> : null}
      <p className="flex flex-wrap items-center gap-4">
        {recommendations.length > 0 ? (
          <Link to="/empfehlen" className="btn btn-primary">
            {t("account.newRecommendation")}
          </Link>
        ) : null}
        <Link to="/meinedaten" className="text-brand-ink underline">
          {t("myData.title")}
        </Link>
      </p>
      <h2 className="text-xl font-semibold">{t("account.recommendationsTitle")}</h2>
      {recommendations.length === 0 ? (
        <EmptyArea />
      ) : (
        <table className="w-full text-left text-sm">
          <thead className={CARD_TABLE_FROM_LG.head}>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="border-b p-2">
                  {t(`account.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {recommendations.map((item) => {
              const cells: Record<(typeof COLUMNS)[number], React.ReactNode> = {
                number: item.number,
                product: <ShortText text={item.product} />,
                recipient: item.recipient ? <ShortText text={item.recipient} /> : t("account.noRecipient"),
                date: item.date,
                status: (
                  <>
                    <StatusChip status={item.status} />
                    <StatusBar step={item.step} />
                  </>
                ),
                payout: item.payout ? <Payout payout={item.payout} amount={item.amount} /> : "–",
                action: <RowAction number={item.number} status={item.status} payout={item.payout} />,
              };
              return (
                <tr key={item.number} className={CARD_TABLE_FROM_LG.row}>
                  {COLUMNS.map((column) => (
                    <td key={column} data-label={t(`account.columns.${column}`)} className={CARD_TABLE_FROM_LG.cell}>
                      {cells[column]}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pager page={listPage} pageCount={pageCount} hrefOf={(page) => `?seite=${page}`} />
      <section aria-labelledby="steps-title">
        <h2 id="steps-title" className="text-xl font-semibold">
          {t("account.stepsTitle")}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6">
          {statusSteps.map((step) => (
            <li key={step}>{t(`account.steps.${step}`)}</li>
          ))}
        </ol>
        <p className="mt-2">{t("account.stepsNote")}</p>
      </section>
    </section>
  );
}

/** Where a recommendation stands on the programme's sequence: a bar for the eye, the step in words for everyone. */
function StatusBar({ step }: { step: StatusStep }) {
  const { t } = useTranslation();
  const position = statusSteps.indexOf(step as (typeof statusSteps)[number]);
  if (position < 0) return <span className="block text-slate-600">{t(`account.steps.${step}`)}</span>;
  return (
    <span className="block text-slate-600">
      <span aria-hidden="true" className="my-1.5 flex gap-1">
        {statusSteps.map((each, index) => (
          <span key={each} className={`h-2 w-5 rounded-full ${index <= position ? "bg-brand" : "bg-slate-300"}`} />
        ))}
      </span>
      {t("account.stepOf", { step: position + 1, total: statusSteps.length, text: t(`account.steps.${step}`) })}
    </span>
  );
}
