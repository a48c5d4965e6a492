import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getProducts } from "#bff/catalogue.server";
import { requestContext } from "#bff/request-context.server";
import { productApiOf } from "#bff/tenant.server";
import { PageSection } from "~/components/page-section";
import { formatCents } from "~/format";
import { fixedT } from "~/i18n/i18n.server";
import { titleMeta } from "~/meta";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "productListViewed" };

/** Where a recommendation starts: the tenant's products, each leading to its recommend form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await requestContext(request, context.bff);
  const { api, config, locale, tenant } = page;
  const products = await context.bff.sharedReads.read(`${tenant.backendUrl}|${tenant.tenant}|${locale}|products`, () => getProducts(api, productApiOf(config)));
  return {
    title: fixedT(locale)("recommend.chooseTitle"),
    products: products.map((product) => ({
      id: product.Id,
      name: product.AnzeigeName ?? product.Name,
      description: product.Beschreibung1 ?? null,
      monthly: product.PreisMonatlich ? formatCents(product.PreisMonatlich, locale) : null,
    })),
  };
}

export default function ChooseProduct() {
  const { products } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageSection id="choose-product" title={t("recommend.chooseTitle")} width="3xl">
      <p>{t("recommend.chooseIntro")}</p>
      <ul className="grid gap-4 sm:grid-cols-2">
        {products.map((product) => (
          <li key={product.id} className="rounded border border-slate-300 p-4">
            <h2 className="text-lg font-semibold">{product.name}</h2>
            {product.description ? <p>{product.description}</p> : null}
            {product.monthly ? <p className="text-sm text-slate-600">{t("recommend.monthly", { price: product.monthly })}</p> : null}
            <Link to={`/empfehlen/${product.id}`} className="mt-2 inline-block text-brand underline" aria-label={t("recommend.title", { product: product.name })}>
              {t("recommend.choose")}
            </Link>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
