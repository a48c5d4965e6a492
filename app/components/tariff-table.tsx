import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { rewardOfferText } from "~/reward-offer-text";
import { CARD_TABLE } from "./card-table";
import type { ProductCard } from "./product-cards";
import { Section } from "./section";

/** The telecom's own module on its first page: a few tariffs with their monthly price and what recommending each brings. */
export function TariffTable({ tariffs }: { tariffs: ProductCard[] }) {
  const { t, i18n } = useTranslation();
  const columns = ["tariff", "monthly", "reward"] as const;
  return (
    <Section id="tariffs" title={t("home_page.tariffsTitle")}>
      <table className="mt-2 w-full text-left">
        <thead className={CARD_TABLE.head}>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="border-b p-2">
                {t(`home_page.tariffColumns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tariffs.map((tariff) => (
            <tr key={tariff.id} className={CARD_TABLE.row}>
              <td data-label={t("home_page.tariffColumns.tariff")} className={CARD_TABLE.cell}>
                <Link to={`/empfehlen/${tariff.id}`} className="font-semibold text-brand-ink underline">
                  {tariff.name}
                </Link>
              </td>
              <td data-label={t("home_page.tariffColumns.monthly")} className={CARD_TABLE.cell}>
                {tariff.monthly ?? "–"}
              </td>
              <td data-label={t("home_page.tariffColumns.reward")} className={CARD_TABLE.cell}>
                {rewardOfferText(t, tariff.offer, i18n.language).yours ?? "–"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3">
        <Link to="/empfehlen" className="text-brand-ink underline">
          {t("home_page.allTariffs")}
        </Link>
      </p>
    </Section>
  );
}
