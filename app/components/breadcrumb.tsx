import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";

/** One level up, then the current page (for pages reached from Meine Daten). */
export function Breadcrumb({ parent, current }: { parent: { to: string; label: string }; current: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("breadcrumb")} className="mb-4 text-sm">
      <ol className="flex gap-2">
        <li>
          <Link to={parent.to} className="underline">
            {parent.label}
          </Link>{" "}
          /
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
