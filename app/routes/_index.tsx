import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { searchAgents } from "#bff/agency/agency.server";
import type { TenantConfig } from "#bff/legacy/contract";
import type { RequestContext } from "#bff/portal/request-context.server";
import type { Bff } from "#bff/portal/services.server";
import { optionalPart } from "#bff/tenant/optional-part.server";
import { productsOf } from "#bff/tenant-reads/catalogue-flow.server";
import { productCards } from "#bff/tenant-reads/product-cards.server";
import { tenantOfferOf } from "#bff/tenant-reads/reward-flow.server";
import { requireLoginIfForced } from "~/access/recommender.server";
import { AgentsNearby, agentView } from "~/components/agent-card";
import type { ExitIntentHandle } from "~/components/exit-intent";
import { GermanOnlyText } from "~/components/german-only-text";
import { RewardOfferLine } from "~/components/reward-offer";
import { RewardPicture } from "~/components/reward-picture";
import { Section } from "~/components/section";
import { TariffTable } from "~/components/tariff-table";
import { formatCents, formatDate, rewardView } from "~/format";
import { hyphenated } from "~/hyphenate.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import type { GoalHandle } from "~/tracking";

export const handle: GoalHandle & ExitIntentHandle = { goal: "homeViewed", exitIntent: true };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

/** The key visual's widths (its asset URL scales it); the browser picks by its own width and density. */
const KEY_VISUAL_WIDTHS = [480, 800, 1200, 1600];
const KEY_VISUAL_RATIO = 3 / 8;

function keyVisualImage(bff: Bff, config: TenantConfig, name: string) {
  const sized = (width: number) => bff.cms.assetUrl(config, name, { width, height: Math.round(width * KEY_VISUAL_RATIO) });
  return {
    src: sized(800),
    srcSet: KEY_VISUAL_WIDTHS.map((width) => `${sized(width)} ${width}w`).join(", "),
    width: 800,
    height: Math.round(800 * KEY_VISUAL_RATIO),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context);
  const { bff } = context;
  const ctx = await context.requestContext(request);
  const { config, locale, texts } = ctx;
  const [block, keyVisual, { offer, rewardsValidToday: rewards }, tariffs, agents] = await Promise.all([
    bff.cms.optional(() => bff.cms.getContentBlock(config, "home", locale)),
    bff.cms.optional(() => bff.cms.getKeyVisual(config, "home", locale)),
    // Rewards it cannot read now are left out, never said to be none; the offer then comes from the tenant's best figure.
    tenantOfferOf(bff, ctx),
    tariffTableOf(bff, ctx),
    agentsOf(bff, ctx),
  ]);
  const t = fixedT(texts);
  return {
    meta: {
      title: t("home_page.metaTitle", { tenant: config.Name }),
      description: t("home_page.metaDescription"),
    },
    tenantName: config.Name,
    offer,
    rewardText: config.PraemienText ?? null,
    offlineCodeEnabled: config.ModuleErstelleOfflineEmpfehlungCode,
    block,
    keyVisual: keyVisual
      ? { title: keyVisual.Titel, subtitle: keyVisual.Untertitel ?? null, image: keyVisualImage(bff, config, keyVisual.Bild) }
      : null,
    rewards: rewards?.map((reward) => rewardView(reward, locale, hyphenated)) ?? null,
    tariffs,
    agents,
  };
}

/** Tariffs per product category in the telecom's table on its first page. */
const TARIFFS_PER_CATEGORY = 3;

/** The telecom's own module: the first tariffs of each of its categories with their offers; none where the catalogue cannot be read now. */
function tariffTableOf(bff: Bff, ctx: RequestContext) {
  if (ctx.config.ProduktApi !== "telekom") return null;
  return optionalPart(
    bff,
    "tariffs",
    async () => {
      const shown = new Map<number | null | undefined, number>();
      const tariffs = (await productsOf(bff, ctx)).filter((product) => {
        const count = shown.get(product.ProduktkategorieId) ?? 0;
        shown.set(product.ProduktkategorieId, count + 1);
        return count < TARIFFS_PER_CATEGORY;
      });
      const cents = (value: number) => formatCents(value, ctx.locale);
      return (await productCards(bff, ctx, tariffs, { cents, name: hyphenated })).products;
    },
    null,
  );
}

/** Agents on the agency's first page. */
const AGENTS_SHOWN = 3;

/** The insurance agency's own module: a few of its agents, each to recommend; none where the list cannot be read now. */
function agentsOf(bff: Bff, ctx: RequestContext) {
  if (!ctx.config.ModuleAgentRecommendation) return null;
  return optionalPart(
    bff,
    "agents",
    async () => {
      const found = await searchAgents(ctx.api, { pageSize: AGENTS_SHOWN });
      return { total: found.TotalCount, shown: found.Content.slice(0, AGENTS_SHOWN).map(agentView) };
    },
    null,
  );
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const steps = t("home_page.steps", { returnObjects: true }) as string[];
  return (
    <div className="space-y-10">
      {/* The reward first: what a recommendation brings, then the one thing to do, then the picture (beside it from md on). */}
      <section aria-labelledby="home-title" className="grid gap-6 rounded-lg bg-slate-100 p-6 md:grid-cols-2 md:items-center">
        <div>
          {/* The double-sided offer first (decision 071): what the recommender gets, what the friend gets. */}
          <h1 id="home-title" className="text-2xl font-bold md:text-3xl">
            <span className="mb-2 block text-base font-semibold text-brand-ink">{data.tenantName}</span>{" "}
            <RewardOfferLine offer={data.offer} friendUpTo stacked />
          </h1>
          {data.rewardText ? <GermanOnlyText text={data.rewardText} className="mt-3" /> : null}
          <p className="mt-6 flex flex-wrap gap-3">
            <Link to="/empfehlen" className="btn btn-primary">
              {t("home_page.recommendNow")}
            </Link>
          </p>
        </div>
        {data.keyVisual ? (
          <figure>
            {/* Width and height reserve its place, so nothing shifts while it loads. */}
            <img
              src={data.keyVisual.image.src}
              srcSet={data.keyVisual.image.srcSet}
              sizes="(min-width: 768px) 488px, calc(100vw - 5rem)"
              width={data.keyVisual.image.width}
              height={data.keyVisual.image.height}
              alt=""
              // React 18 knows no fetchPriority prop (it warns): the lowercase attribute passes through as written.
              {...{ fetchpriority: "high" }}
              className="h-auto w-full rounded"
            />
            <figcaption className="mt-2 text-slate-700">
              {data.keyVisual.title}
              {data.keyVisual.subtitle ? ` – ${data.keyVisual.subtitle}` : null}
            </figcaption>
          </figure>
        ) : (
          <NeutralVisual />
        )}
      </section>

      {data.block ? (
        <Section id="block" title={data.block.Titel}>
          <p className="mt-2">{data.block.Inhalt}</p>
        </Section>
      ) : null}

      {data.tariffs?.length ? <TariffTable tariffs={data.tariffs} /> : null}
      {data.agents?.shown.length ? <AgentsNearby agents={data.agents.shown} total={data.agents.total} /> : null}

      <Section id="steps" title={t("home_page.howItWorks")}>
        <ol className="mt-2 list-decimal space-y-1 pl-6">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Section>

      {data.rewards ? <RewardsSection rewards={data.rewards} /> : null}

      {data.offlineCodeEnabled ? (
        <Section id="code" title={t("home_page.haveCode")}>
          <p className="mt-2">
            <Link to="/code" className="text-brand-ink underline">
              {t("enterCode")}
            </Link>
          </p>
        </Section>
      ) : null}
    </div>
  );
}

/** The rewards offered today; "none" only where the backend says there are none. */
function RewardsSection({ rewards }: { rewards: ReturnType<typeof rewardView>[] }) {
  const { t } = useTranslation();
  return (
    <Section id="rewards" title={t("home_page.rewardsTitle")}>
      {rewards.length === 0 ? (
        <p className="mt-2">{t("home_page.noRewards")}</p>
      ) : (
        <ul className="mt-2 grid grid-cols-1 gap-4 md:grid-cols-2">
          {rewards.map((reward) => (
            <li key={reward.id} className="flex items-center gap-4 rounded border border-slate-200 p-4">
              <RewardPicture id={reward.id} className="h-14 w-14 md:h-16 md:w-16" />
              <span className="min-w-0">
                <span className="block font-semibold">
                  {reward.name}: {reward.value}
                </span>
                <span className="block text-sm">
                  {t(`home_page.rewardKinds.${reward.kind}`)}
                  {reward.until ? `, ${t("home_page.rewardValidUntil", { date: formatDate(reward.until) })}` : null}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4">
        <Link to="/praemien" className="text-brand-ink underline">
          {t("rewardsOverview.all")}
        </Link>
      </p>
    </Section>
  );
}

/**
 * Where the CMS has no key visual (or cannot be reached): two people passing on a gift, drawn in
 * the tenant's own colour and greys, inline (no request), never another tenant's picture.
 */
function NeutralVisual() {
  return (
    <svg viewBox="0 0 800 300" className="h-auto w-full rounded" aria-hidden="true" data-visual="neutral">
      <rect width="800" height="300" className="fill-white" />
      <circle cx="400" cy="175" r="70" className="fill-brand" opacity=".1" />
      <circle cx="260" cy="110" r="38" className="fill-slate-600" />
      <rect x="215" y="155" width="90" height="110" rx="40" className="fill-slate-600" />
      <circle cx="540" cy="110" r="38" className="fill-brand" />
      <rect x="495" y="155" width="90" height="110" rx="40" className="fill-brand" />
      <rect x="370" y="150" width="60" height="50" rx="6" className="fill-brand" opacity=".75" />
      <rect x="395" y="150" width="10" height="50" className="fill-white" />
      <path d="M330 170h30m80 0h30" className="stroke-slate-700" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
