import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { visibleTabs } from "#bff/for-agencies/agency-access.server";
import { requireAgencyUser } from "~/access/agency.server";
import { useTranslation } from "~/i18n/use-translation";

/** The agency area's frame: who is signed on and the tabs their roles allow (signing off is in the site header). */
export function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireAgencyUser(request, context.bff);
  return { name: user.name, roles: user.roles, tabs: visibleTabs(user) };
}

export default function AgencyArea() {
  const { name, roles, tabs } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const tabList = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the tab row scrolls: the current tab is brought into view (without JavaScript the row starts at the first).
  useEffect(() => {
    tabList.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [pathname]);
  return (
    <div className="space-y-4">
      <p>
        {t("agency.signedOnAs", { name })} ({roles.map((role) => t(`agency.roles.${role}`, { defaultValue: role })).join(", ")})
      </p>
      {tabs.length > 0 ? (
        <nav aria-label={t("agency.tabsLabel")}>
          {/* One row on phones that scrolls sideways, a shadow at each edge with more beyond it; wrapped from md on. */}
          <ul ref={tabList} className="scroll-hint flex gap-1 overflow-x-auto whitespace-nowrap border-b border-slate-300 md:flex-wrap">
            {tabs.map((tab) => (
              <li key={tab}>
                <NavLink
                  to={`/agentur/${tab}`}
                  className={({ isActive }) =>
                    `block rounded-t px-3 py-2 ${isActive ? "bg-brand font-semibold text-brand-on" : "text-brand-ink underline"}`
                  }
                >
                  {t(`agency.tabs.${tab}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <Outlet />
    </div>
  );
}
