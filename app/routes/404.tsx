import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { detectLocale } from "#bff/locale.server";
import { fixedT } from "~/i18n/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded?.title ?? "404" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const t = fixedT(await detectLocale(request));
  return data({ title: t("notFound.metaTitle") }, { status: 404 });
}

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-xl py-12">
      <h1 id="not-found-title" className="text-2xl font-semibold">
        {t("notFound.title")}
      </h1>
      <p className="mt-4">{t("notFound.text")}</p>
      <p className="mt-6">
        <Link to="/" className="text-brand underline">
          {t("notFound.back")}
        </Link>
      </p>
    </section>
  );
}
