import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { AutofocusScope } from "./form-field";
import { FormTokenField } from "./portal-form";

type LayoutProps = {
  tenantName?: string;
  /** The tenant's logo from the CMS, 40 × 40. */
  logo?: string | null;
  locale: string;
  userName?: string;
  /** An agency user is signed on: the header leads back to the agency area and signs off from it, and offers no recommender login. */
  agencySignedOn?: boolean;
  redirectTo?: string;
  /** The languages the tenant offers: the switch offers the other one where there is one. */
  languages?: string[];
  /** Off inside a frame (widget mode): no header, no footer. */
  chrome?: boolean;
  children: React.ReactNode;
};

/** The first thing on every page with its chrome, before the cookie banner too: in the flow when focused (above the header, never over the logo), dark on white on every brand. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#inhalt"
      // Its focus ring is drawn inside it, dark on white: above it is the viewport's edge, below it the brand's header.
      className="sr-only focus:not-sr-only focus:block focus:bg-white focus:px-4 focus:py-3 focus:text-slate-900 focus:underline focus:outline-slate-900 focus:[outline-offset:-5px]"
    >
      {t("skipToContent")}
    </a>
  );
}

export function Layout({ chrome = true, children, ...header }: LayoutProps) {
  return (
    <div className={chrome ? "flex min-h-screen flex-col" : "flex flex-col"}>
      {chrome ? <Header {...header} /> : null}
      <main id="inhalt" className="mx-auto w-full max-w-5xl flex-1 px-4 pb-4 pt-3 md:py-6">
        <AutofocusScope>{children}</AutofocusScope>
      </main>
      {chrome ? <Footer /> : <FrameFooter />}
    </div>
  );
}

function Header({ tenantName, logo, locale, languages, userName, agencySignedOn, redirectTo }: Omit<LayoutProps, "chrome" | "children">) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200 bg-brand text-brand-on">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 px-4 py-1 md:py-3">
        <Link to="/" className="flex items-center gap-2 font-semibold md:text-lg">
          {logo ? <img src={logo} alt="" width={40} height={40} className="h-8 w-8 rounded bg-white md:h-10 md:w-10" /> : null}
          {tenantName ?? t("home")}
        </Link>
        <nav aria-label={t("headerNav")} className="flex flex-wrap items-center gap-x-4 gap-y-1">
          {agencySignedOn ? <AgencyLinks /> : null}
          {userName ? (
            <>
              <Link to="/persoenlicherbereich" className="underline">
                {userName}
              </Link>
              <PostButton action="/logout">{t("account.logout")}</PostButton>
            </>
          ) : agencySignedOn ? null : (
            <Link to="/login" className="underline">
              {t("login")}
            </Link>
          )}
          {!languages || languages.some((language) => language !== locale) ? (
            <LanguageSwitch locale={locale} redirectTo={redirectTo} />
          ) : null}
        </nav>
      </div>
    </header>
  );
}

function AgencyLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/agentur" className="underline">
        {t("agency.tabsLabel")}
      </Link>
      <PostButton action="/agentur/abmelden">{t("agency.signOff")}</PostButton>
    </>
  );
}

/** A header action that changes state: a form post with the form token, looking like the header's links. */
function PostButton({ action, children }: { action: string; children: React.ReactNode }) {
  return (
    <form method="post" action={action}>
      <FormTokenField />
      <button type="submit" className="underline">
        {children}
      </button>
    </form>
  );
}

/**
 * A plain form post, with or without JavaScript: the action sets the `lng` cookie and the
 * page reloads in the new language (the browser takes its language and texts from <html>).
 */
function LanguageSwitch({ locale, redirectTo }: { locale: string; redirectTo?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const other = locale === "de" ? "en" : "de";
  const otherName = t(`languageNames.${other}`);
  return (
    <form method="post" action="/sprache">
      <FormTokenField />
      <input type="hidden" name="redirectTo" value={redirectTo ?? `${location.pathname}${location.search}`} />
      <button
        type="submit"
        name="lng"
        value={other}
        aria-label={t("switchTo", { language: otherName })}
        className="rounded border border-white/60 px-2 py-1 text-sm"
      >
        {/* The label is in the page's language; only the language's own name is in that language. */}
        <span lang={other}>{otherName}</span>
      </button>
    </form>
  );
}

/** Inside a tenant's frame the parent page has the chrome; the statement and the cookie settings are still one step away. */
function FrameFooter() {
  const { t } = useTranslation();
  return (
    <footer className="px-4 py-2 text-sm">
      <nav aria-label={t("footer.legal")} className="flex flex-wrap gap-4">
        {(["barrierefreiheit", "einwilligung"] as const).map((key) => (
          <Link key={key} to={`/${key}`} className="underline">
            {t(`footer.${key}`)}
          </Link>
        ))}
      </nav>
    </footer>
  );
}

function Footer() {
  const { t } = useTranslation();
  const links = ["impressum", "datenschutz", "agb", "barrierefreiheit", "faq", "kontakt", "einwilligung"] as const;
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <nav aria-label={t("footer.legal")} className="mx-auto flex max-w-5xl flex-wrap gap-x-4 px-4 py-2 text-sm">
        {links.map((key) => (
          <Link key={key} to={`/${key}`} className="underline">
            {t(`footer.${key}`)}
          </Link>
        ))}
      </nav>
    </footer>
  );
}
