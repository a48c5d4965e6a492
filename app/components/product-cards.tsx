import { Link } from "@remix-run/react";
import type { RewardOffer } from "#bff/reward/rules";
import { useTranslation } from "~/i18n/use-translation";
import { ActionLabel } from "./action-label";
import { RewardOfferLine } from "./reward-offer";

export type ProductCard = {
  id: number;
  name: string;
  description: string | null;
  monthly: string | null;
  oneOff: string | null;
  /** The number of the product's footnote on this page. */
  footnote: number | null;
  /** What a recommendation of it brings each side, by the one reward rule (bff/reward/rules.ts). */
  offer: RewardOffer;
  /** Device pages the tariff can be recommended with (the select button's other targets). */
  devices: ("smartphone" | "tablet")[];
};

/** The card deck: 1 column on phones (xs, sm), 2 at md, 4 at lg and xl. */
export function ProductCards({ products, search = "" }: { products: ProductCard[]; search?: string }) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-4">
      {products.map((product) => (
        <li key={product.id} className="flex flex-col rounded border border-slate-300 p-4">
          <img src={`/katalogbild/produkt/${product.id}/sgrafik`} alt="" width={120} height={72} className="mb-2" />
          <h2 className="text-lg font-semibold">
            {product.name}
            {product.footnote ? (
              <sup>
                <a href={`#fussnote-${product.footnote}`} aria-label={t("catalogue.footnote", { number: product.footnote })}>
                  {product.footnote}
                </a>
              </sup>
            ) : null}
          </h2>
          {product.description ? <p>{product.description}</p> : null}
          {product.monthly ? <p className="mt-1 font-semibold">{t("catalogue.monthly", { price: product.monthly })}</p> : null}
          {product.oneOff ? <p className="text-sm text-slate-600">{t("catalogue.oneOff", { price: product.oneOff })}</p> : null}
          <p className="mt-1 font-semibold text-brand-ink">
            <RewardOfferLine offer={product.offer} friendUpTo stacked />
          </p>
          <div className="mt-auto flex flex-col gap-2 pt-3">
            <Link to={`/empfehlen/${product.id}${search}`} className="btn btn-primary">
              <ActionLabel action={t("recommend.choose")} subject={product.name} />
            </Link>
            {product.devices.map((device) => (
              <Link
                key={device}
                to={`/${device}s.html?tarifId=${product.id}`}
                className="rounded border border-brand-ink px-4 py-2 text-center"
              >
                {t(`catalogue.withDevice.${device}`)}
              </Link>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function Footnotes({ notes }: { notes: { title: string; text: string }[] }) {
  const { t } = useTranslation();
  if (notes.length === 0) return null;
  return (
    <section aria-label={t("catalogue.footnotes")} className="border-t pt-4 text-sm text-slate-700">
      <ol className="list-decimal space-y-1 pl-6">
        {notes.map((note, index) => (
          <li key={index} id={`fussnote-${index + 1}`}>
            <span className="font-medium">{note.title}:</span> {note.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
