import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { rewardOfferText } from "~/reward-offer-text";
import { ActionLabel } from "./action-label";
import { CARD_TABLE } from "./card-table";
import type { ProductCard } from "./product-cards";
import { Section } from "./section";

const COLUMNS = ["tariff", "monthly", "reward", "action"] as const;

/**
 * The telecom's own module on its first page: a few tariffs with their monthly price, what recommending each brings,
 * and each its own "Empfehlen". Named by its heading; a table for assistive technology at every width (its roles
 * stay where narrow screens show each row as a card, decision 079).
 */
export function TariffTable({ tariffs }: { tariffs: ProductCard[] }) {
  const { t, i18n } = useTranslation();
  const label = (column: (typeof COLUMNS)[number]) => t(`home_page.tariffColumns.${column}`);
  return (
    <Section id="tariffs" title={t("home_page.tariffsTitle")}>
      <table aria-labelledby="tariffs-title" className="mt-2 w-full text-left">
        <thead className={CARD_TABLE.head}>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="border-b p-2">
                {label(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tariffs.map((tariff) => (
            <tr key={tariff.id} className={CARD_TABLE.row}>
              <td data-label={label("tariff")} className={`${CARD_TABLE.cell} font-semibold`}>
                {tariff.name}
              </td>
              <td data-label={label("monthly")} className={CARD_TABLE.cell}>
                {tariff.monthly ?? "–"}
              </td>
              <td data-label={label("reward")} className={CARD_TABLE.cell}>
                {rewardOfferText(t, tariff.offer, i18n.language).yours ?? "–"}
              </td>
              <td className={`${CARD_TABLE.cell} before:content-none md:text-right`}>
                <Link to={`/empfehlen/${tariff.id}`} className="btn btn-primary mt-2 md:mt-0">
                  <ActionLabel action={t("home_page.recommendTariff")} subject={tariff.name} />
                </Link>
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
