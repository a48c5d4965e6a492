import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { agentsNear, searchAgents } from "#bff/agency/agency.server";
import type { HOME_LEADS, HomeSection, TenantConfig } from "#bff/legacy/contract";
import type { RequestContext } from "#bff/portal/request-context.server";
import type { Bff } from "#bff/portal/services.server";
import { optionalPart } from "#bff/tenant/optional-part.server";
import { productsOf } from "#bff/tenant-reads/catalogue-flow.server";
import { productCards } from "#bff/tenant-reads/product-cards.server";
import { tenantOfferOf } from "#bff/tenant-reads/reward-flow.server";
import { requireLoginIfForced } from "~/access/recommender.server";
import { AgentsNearby, agentView } from "~/components/agent-card";
import type { ExitIntentHandle } from "~/components/exit-intent";
import { HomeHero } from "~/components/home-hero";
import { RewardPicture } from "~/components/reward-picture";
import { Section } from "~/components/section";
import { TariffTable } from "~/components/tariff-table";
import { formatCents, formatDate, rewardView } from "~/format";
import { hyphenated } from "~/hyphenate.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import type { GoalHandle } from "~/tracking";

export const handle: GoalHandle & ExitIntentHandle = { goal: "homeViewed", exitIntent: true };

type HomeLead = (typeof HOME_LEADS)[number];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

/** The key visual's widths (its asset URL scales it); the browser picks by its own width and density. */
const KEY_VISUAL_WIDTHS = [480, 800, 1200, 1600];
/** Height to width: the large picture beside the promise, or the band above a tenant's tariffs or agents. */
const KEY_VISUAL_RATIOS = { picture: 5 / 8, band: 1 / 4 } as const;

function keyVisualImage(bff: Bff, config: TenantConfig, name: string, shape: keyof typeof KEY_VISUAL_RATIOS) {
  const height = (width: number) => Math.round(width * KEY_VISUAL_RATIOS[shape]);
  const sized = (width: number) => bff.cms.assetUrl(config, name, { width, height: height(width) });
  return {
    src: sized(800),
    srcSet: KEY_VISUAL_WIDTHS.map((width) => `${sized(width)} ${width}w`).join(", "),
    width: 800,
    height: height(800),
  };
}

const POSTCODE = /^\d{5}$/;

/** What the tenant's first screen leads with (decision 079); agents only where it offers agent recommendation. */
function leadOf(config: TenantConfig): HomeLead {
  const lead = config.Startseite ?? "Bild";
  return lead === "Berater" && !config.ModuleAgentRecommendation ? "Bild" : lead;
}

/** The sections under the first screen: the tenant's own order, else the portal's; each only where the tenant offers it. */
function sectionsOf(config: TenantConfig, lead: HomeLead): HomeSection[] {
  const portalOrder: HomeSection[] = [
    "Inhalt",
    ...(config.ProduktApi === "telekom" ? ["Tarife" as const] : []),
    "Berater",
    "Schritte",
    "Praemien",
    "Code",
  ];
  const offered: Partial<Record<HomeSection, boolean>> = {
    Berater: config.ModuleAgentRecommendation,
    Code: config.ModuleErstelleOfflineEmpfehlungCode,
  };
  return (config.StartseiteAbschnitte ?? portalOrder).filter((section) => offered[section] !== false && section !== lead);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context);
  const { bff } = context;
  const ctx = await context.requestContext(request);
  const { config, locale, texts } = ctx;
  const lead = leadOf(config);
  const sections = sectionsOf(config, lead);
  const shows = (part: HomeSection) => lead === part || sections.includes(part);
  const postcode = (new URL(request.url).searchParams.get("plz") ?? "").trim().slice(0, 10);
  const [block, keyVisual, { offer, rewardsValidToday: rewards }, tariffs, agents] = await Promise.all([
    shows("Inhalt") ? bff.cms.optional(() => bff.cms.getContentBlock(config, "home", locale)) : null,
    bff.cms.optional(() => bff.cms.getKeyVisual(config, "home", locale)),
    // Rewards it cannot read now are left out, never said to be none; the offer then comes from the tenant's best figure.
    tenantOfferOf(bff, ctx),
    shows("Tarife") ? tariffTableOf(bff, ctx) : null,
    shows("Berater") ? agentsOf(bff, ctx, postcode) : null,
  ]);
  const t = fixedT(texts);
  // A first screen that leads with tariffs or agents it cannot read now leads with the picture.
  const shown = (lead === "Tarife" && !tariffs?.length) || (lead === "Berater" && !agents?.shown.length) ? "Bild" : lead;
  return {
    meta: {
      title: t("home_page.metaTitle", { tenant: config.Name }),
      description: t("home_page.metaDescription"),
    },
    lead: shown,
    sections,
    hero: {
      tenantName: config.Name,
      promise: keyVisual?.Titel ?? t("home_page.promise"),
      subtitle: keyVisual?.Untertitel ?? null,
      offer,
      rewardText: config.PraemienText ?? null,
    },
    offlineCodeEnabled: config.ModuleErstelleOfflineEmpfehlungCode,
    block,
    keyVisual: keyVisual ? keyVisualImage(bff, config, keyVisual.Bild, shown === "Bild" ? "picture" : "band") : null,
    rewards: rewards?.map((reward) => rewardView(reward, locale, hyphenated)) ?? null,
    tariffs,
    agents,
  };
}

/** Tariffs per product category in the telecom's table on its first page. */
const TARIFFS_PER_CATEGORY = 3;

/** The tariff table: the first tariffs of each product category with their offers; none where the catalogue cannot be read now. */
function tariffTableOf(bff: Bff, ctx: RequestContext) {
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

/**
 * The insurance agency's own module: a few of its agents, near the visitor's postcode where they gave a valid one;
 * none where the list cannot be read now.
 */
function agentsOf(bff: Bff, ctx: RequestContext, postcode: string) {
  const invalid = postcode !== "" && !POSTCODE.test(postcode);
  return optionalPart(
    bff,
    "agents",
    async () => {
      const { found, nearness } =
        postcode && !invalid
          ? await agentsNear(ctx.api, postcode, AGENTS_SHOWN)
          : { found: await searchAgents(ctx.api, { pageSize: AGENTS_SHOWN }), nearness: null };
      return {
        // The agency's count, where the list is all of it; a search's count is not.
        total: nearness === null || nearness === "elsewhere" ? found.TotalCount : null,
        shown: found.Content.slice(0, AGENTS_SHOWN).map(agentView),
        search: { postcode, invalid, nearness },
      };
    },
    null,
  );
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const modules: Record<HomeSection, (beside: boolean) => React.ReactNode> = {
    Inhalt: () =>
      data.block ? (
        <Section id="block" title={data.block.Titel}>
          <p className="mt-2">{data.block.Inhalt}</p>
        </Section>
      ) : null,
    Tarife: () => (data.tariffs?.length ? <TariffTable tariffs={data.tariffs} /> : null),
    Berater: (beside) =>
      data.agents?.shown.length ? (
        <AgentsNearby agents={data.agents.shown} total={data.agents.total} search={data.agents.search} beside={beside} />
      ) : null,
    Schritte: () => <StepsSection />,
    Praemien: () => (data.rewards ? <RewardsSection rewards={data.rewards} /> : null),
    Code: () => (data.offlineCodeEnabled ? <CodeSection /> : null),
  };
  return (
    <div className="space-y-10" data-lead={data.lead}>
      <HomeHero
        text={data.hero}
        picture={data.keyVisual}
        aside={
          data.lead === "Bild" ? undefined : { content: modules[data.lead](true), place: data.lead === "Berater" ? "beside" : "below" }
        }
      />
      {data.sections.map((section) => (
        <Fragment key={section}>{modules[section](false)}</Fragment>
      ))}
    </div>
  );
}

function StepsSection() {
  const { t } = useTranslation();
  const steps = t("home_page.steps", { returnObjects: true }) as string[];
  return (
    <Section id="steps" title={t("home_page.howItWorks")}>
      <ol className="mt-2 list-decimal space-y-1 pl-6">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Section>
  );
}

function CodeSection() {
  const { t } = useTranslation();
  return (
    <Section id="code" title={t("home_page.haveCode")}>
      <p className="mt-2">
        <Link to="/code" className="text-brand-ink underline">
          {t("enterCode")}
        </Link>
      </p>
    </Section>
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
