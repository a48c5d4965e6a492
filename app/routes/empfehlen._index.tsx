import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { chosenAgent } from "#bff/agency/agency.server";
import { categoriesOf, productsOf } from "#bff/tenant-reads/catalogue-flow.server";
import { productCards } from "#bff/tenant-reads/product-cards.server";
import { requireLoginIfForced } from "~/access/recommender.server";
import { CategoryNav, ChosenCategory } from "~/components/category-nav";
import type { ExitIntentHandle } from "~/components/exit-intent";
import { PageSection } from "~/components/page-section";
import { Footnotes, ProductCards } from "~/components/product-cards";
import { formatCents } from "~/format";
import { hyphenated } from "~/hyphenate.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle & ExitIntentHandle = { goal: "productListViewed", exitIntent: true };

/**
 * The product list, where a recommendation starts: the card deck (also embedded with
 * `?widget`); `?kategorie=` narrows it to one API category, `?produktkategorie=` to one of the
 * product categories the navigation offers. Insurance products show their rewards.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context);
  const ctx = await context.requestContext(request);
  const category = new URL(request.url).searchParams.get("kategorie") ?? undefined;
  const url = new URL(request.url);
  const [all, agent] = await Promise.all([productsOf(context.bff, ctx, category), chosenAgent(ctx.api, url.searchParams.get("berater"))]);
  const categories = await categoriesOf(context.bff, ctx, all);
  const chosen = categories.find((item) => String(item.id) === url.searchParams.get("produktkategorie")) ?? null;
  const products = chosen ? all.filter((product) => product.ProduktkategorieId === chosen.id) : all;
  return {
    title: fixedT(ctx.texts)("recommend.chooseTitle"),
    agent,
    categories,
    chosenCategory: chosen,
    ...(await productCards(context.bff, ctx, products, { cents: (value) => formatCents(value, ctx.locale), name: hyphenated })),
  };
}

export default function ChooseProduct() {
  const { products, notes, agent, categories, chosenCategory } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageSection id="choose-product" title={t("recommend.chooseTitle")} width="full">
      <p>{agent ? t("recommend.chooseForAgent", { agent: agent.name }) : t("recommend.chooseIntro")}</p>
      {categories.length > 0 ? <CategoryNav categories={categories} chosen={chosenCategory?.id ?? null} /> : null}
      {chosenCategory ? <ChosenCategory category={chosenCategory} /> : null}
      <ProductCards products={products} search={agent ? `?${new URLSearchParams({ berater: agent.id })}` : ""} />
      <Footnotes notes={notes} />
    </PageSection>
  );
}
