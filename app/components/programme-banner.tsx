import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";

/**
 * The programme's BannerTEZuTP offer, where the backend says to show it: the personal area, never the reward
 * pickup. It says what a tariff brings (the backend's highest reward, where it names one) and leads to the tariffs.
 */
export function ProgrammeBanner({ upTo }: { upTo: string | null }) {
  const { t } = useTranslation();
  return (
    <aside aria-label={t("account.bannerLabel")} className="space-y-2 rounded border border-brand-ink bg-slate-50 p-4">
      <p className="font-semibold">{t("account.bannerTitle")}</p>
      <p>{upTo ? t("account.bannerTextUpTo", { amount: upTo }) : t("account.bannerText")}</p>
      <Link to="/empfehlen" className="btn btn-secondary">
        {t("account.bannerAction")}
      </Link>
    </aside>
  );
}
