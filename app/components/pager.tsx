import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";

/**
 * Previous and next page as plain links, and where the reader is; nothing for a single page. `pageCount`
 * null: the backend's counts cannot be believed, and `hasNext` says whether rows came back full.
 */
export function Pager({
  page,
  pageCount,
  hasNext = pageCount !== null && page < pageCount,
  hrefOf,
}: {
  page: number;
  pageCount: number | null;
  hasNext?: boolean;
  hrefOf: (page: number) => string;
}) {
  const { t } = useTranslation();
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={t("agency.pagesLabel")} className="flex items-center gap-4">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev" className="text-brand-ink underline">
          {t("agency.previousPage")}
        </Link>
      ) : null}
      <span aria-current="page">
        {pageCount === null ? t("agency.pageNumber", { page }) : t("agency.pageOf", { page, count: pageCount })}
      </span>
      {hasNext ? (
        <Link to={hrefOf(page + 1)} rel="next" className="text-brand-ink underline">
          {t("agency.nextPage")}
        </Link>
      ) : null}
    </nav>
  );
}
