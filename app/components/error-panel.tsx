import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The friendly technical-error message, in the page's language; never a stack trace. */
export function ErrorPanel({ status }: { status: number }) {
  const { t } = useTranslation();
  const message = status === 403 ? t("errors:forbidden") : status === 503 ? t("errors:network") : t("errors:technical");
  return (
    <section aria-labelledby="error-title" className="mx-auto max-w-xl py-12">
      <h1 id="error-title" className="text-2xl font-semibold">
        {t("errorPage.title")}
      </h1>
      <p role="alert" className="mt-4">
        {message}
      </p>
      <p className="mt-6">
        <Link to="/" className="text-brand underline">
          {t("errorPage.back")}
        </Link>
      </p>
    </section>
  );
}
