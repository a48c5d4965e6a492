import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { landingPageFor } from "#bff/catalogue/landing-pages.server";
import { productApiOf } from "#bff/tenant/tenant.server";
import { offersFor, productsOf, UnknownCategoryError } from "#bff/tenant-reads/catalogue-flow.server";
import { productCards } from "#bff/tenant-reads/product-cards.server";
import type { ExitIntentHandle } from "~/components/exit-intent";
import { Footnotes, ProductCards } from "~/components/product-cards";
import { formatCents } from "~/format";
import { hyphenated } from "~/hyphenate.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";

export const handle: ExitIntentHandle = { exitIntent: true };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.metaTitle }, { name: "description", content: data.metaDescription }] : [];

/**
 * The telecom tenant's product landing pages, each by its path; any other unknown path
 * goes to /404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { bff } = context;
  const ctx = await context.requestContext(request);
  const landing = productApiOf(ctx.config) === "telekom" ? landingPageFor(params["*"] ?? "") : null;
  if (!landing) throw redirect("/404");
  const t = fixedT(ctx.texts);
  const name = landing.name[ctx.locale];
  const query = new URL(request.url).searchParams;
  const products = landing.kind === "devices" ? [] : await productsOf(bff, ctx, landing.category);
  const cents = (value: number) => formatCents(value, ctx.locale);
  const cards = await productCards(bff, ctx, products, { cents, name: hyphenated });
  const devices = landing.kind === "devices" ? await deviceOffers() : null;

  async function deviceOffers() {
    try {
      const tariffId = Number(query.get("tarifId")) || undefined;
      return await offersFor(bff, ctx, landing!, { tariffId, manufacturer: query.get("hersteller") ?? undefined });
    } catch (error) {
      if (!(error instanceof UnknownCategoryError)) throw error;
      bff.logger.info({ path: landing!.path }, error.message);
      throw new Response(null, { status: 404 });
    }
  }

  return {
    metaTitle: t("landing.metaTitle", { name, tenant: ctx.config.Name }),
    metaDescription: t("landing.metaDescription", { name }),
    title: t("landing.title", { name }),
    section: landing.kind === "fixed" ? "fixed" : "mobile",
    name,
    ...cards,
    devices: devices && {
      manufacturers: devices.manufacturers,
      current: query.get("hersteller"),
      offers: devices.offers.map((offer) => ({
        id: offer.Id,
        device: offer.HandyAnzeigeName,
        description: offer.HandyBeschreibung ?? null,
        devicePrice: cents(offer.PreisHandy),
        tariff: offer.TarifAnzeigeName,
        tariffId: offer.TarifId,
        monthly: cents(offer.PreisTarif),
      })),
    },
  };
}

export default function LandingPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <nav aria-label={t("breadcrumb")} className="text-sm">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/" className="underline">
              {t("home")}
            </Link>{" "}
            /
          </li>
          <li>{t(`landing.sections.${data.section}`)} /</li>
          <li aria-current="page">{data.name}</li>
        </ol>
      </nav>
      <h1 className="text-2xl font-semibold">{data.title}</h1>
      <p>{t("landing.intro", { name: data.name })}</p>
      {data.devices ? <DeviceOffers devices={data.devices} /> : <ProductCards products={data.products} />}
      <Footnotes notes={data.notes} />
    </div>
  );
}

function DeviceOffers({ devices }: { devices: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["devices"]> }) {
  const { t } = useTranslation();
  return (
    <>
      <nav aria-label={t("landing.manufacturers")}>
        <ul className="flex flex-wrap gap-2">
          {devices.manufacturers.map((manufacturer) => (
            <li key={manufacturer}>
              <Link
                to={`?hersteller=${encodeURIComponent(manufacturer)}`}
                aria-current={devices.current === manufacturer ? "page" : undefined}
                className="rounded border border-brand-ink px-3 py-1 capitalize aria-[current=page]:bg-brand aria-[current=page]:text-brand-on"
              >
                {manufacturer}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-4">
        {devices.offers.map((offer) => (
          <li key={offer.id} className="flex flex-col rounded border border-slate-300 p-4">
            <h2 className="text-lg font-semibold">{offer.device}</h2>
            {offer.description ? <p>{offer.description}</p> : null}
            <p className="mt-1">{t("landing.withTariff", { tariff: offer.tariff, monthly: offer.monthly })}</p>
            <p className="text-sm text-slate-600">{t("catalogue.oneOff", { price: offer.devicePrice })}</p>
            <Link to={`/empfehlen/${offer.tariffId}`} className="mt-auto btn btn-primary">
              {t("recommend.choose")}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
