import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";

/** Previous and next page as plain links, and where the reader is; nothing for a single page. */
export function Pager({ page, pageCount, hrefOf }: { page: number; pageCount: number; hrefOf: (page: number) => string }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t("agency.pagesLabel")} className="flex items-center gap-4">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev" className="text-brand-ink underline">
          {t("agency.previousPage")}
        </Link>
      ) : null}
      <span aria-current="page">{t("agency.pageOf", { page, count: pageCount })}</span>
      {page < pageCount ? (
        <Link to={hrefOf(page + 1)} rel="next" className="text-brand-ink underline">
          {t("agency.nextPage")}
        </Link>
      ) : null}
    </nav>
  );
}
