import { useTranslation } from "~/i18n/use-translation";

/** The programme's BannerTEZuTP offer, where the backend says to show it: the personal area, never the reward pickup. */
export function ProgrammeBanner() {
  const { t } = useTranslation();
  return (
    <aside aria-label={t("account.bannerLabel")} className="rounded border border-brand-ink bg-slate-50 p-4">
      <p className="font-semibold">{t("account.bannerTitle")}</p>
      <p>{t("account.bannerText")}</p>
    </aside>
  );
}
