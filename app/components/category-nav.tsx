import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";

type Category = { id: number; name: string; description: string };

/** The product categories with their icons, as links (no JavaScript needed); the chosen one is marked. */
export function CategoryNav({ categories, chosen }: { categories: Category[]; chosen: number | null }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const linkTo = (id: number | null) => {
    const query = new URLSearchParams(search);
    if (id === null) query.delete("produktkategorie");
    else query.set("produktkategorie", String(id));
    return `?${query}`;
  };
  const item = "flex items-center gap-2 rounded border px-3 py-2";
  return (
    <nav aria-label={t("recommend.categories")}>
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to={linkTo(null)}
            aria-current={chosen === null ? "page" : undefined}
            className={`${item} ${chosen === null ? "border-brand-ink font-semibold" : "border-slate-300"}`}
          >
            {t("recommend.allCategories")}
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              to={linkTo(category.id)}
              aria-current={chosen === category.id ? "page" : undefined}
              className={`${item} ${chosen === category.id ? "border-brand-ink font-semibold" : "border-slate-300"}`}
            >
              <img src={`/katalogbild/produktkategorie/${category.id}/icon`} alt="" width={24} height={24} />
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The chosen category's picture (GET produktkategorie/{id}/grafik through the portal) and description above its products. */
export function ChosenCategory({ category }: { category: Category }) {
  return (
    <div className="flex items-center gap-4">
      <img src={`/katalogbild/produktkategorie/${category.id}/grafik`} alt="" width={96} height={96} className="rounded" />
      <div>
        <h2 className="text-lg font-semibold">{category.name}</h2>
        {category.description ? <p>{category.description}</p> : null}
      </div>
    </div>
  );
}
