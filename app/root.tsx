import { data, type LinksFunction, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { agencyUserOf } from "#bff/for-agencies/agency-access.server";
import { loginWithStoredToken } from "#bff/for-recommenders/autologin.server";
import { supportedLocales } from "#bff/platform/locale.server";
import { formTokenFor } from "#bff/portal/form-token.server";
import { offeredLanguages, type RequestContext } from "#bff/portal/request-context.server";
import type { Bff } from "#bff/portal/services.server";
import { isConsentBannerSuppressed } from "#bff/session/consent.server";
import { tenantTexts } from "#bff/tenant-reads/tenant-texts.server";
import type { AutologinNoticeHandle } from "~/access/recommender.server";
import { fixedT } from "~/i18n/i18n.server";
import { TenantTextsProvider, usePageTextsUrl, useTranslation } from "~/i18n/use-translation";
import { brandPreviewImage } from "~/link-preview.server";
import type { BrandPreview } from "~/meta";
import stylesheet from "../styles/tailwind.css?url";
import { AutologinNotice } from "./components/autologin-notice";
import { ConsentBanner } from "./components/consent-form";
import { ErrorPanel, errorTitleOf, refusedForRole, upstreamFailureOf } from "./components/error-panel";
import { ExitIntent } from "./components/exit-intent";
import { SuccessMessage } from "./components/form-field";
import { Layout, SkipLink } from "./components/layout";
import { PageAnnouncer } from "./components/page-announcer";
import { ParentMessages } from "./components/parent-messages";
import { TrackNavigation } from "./components/track-navigation";
import { useNonce } from "./nonce";
import { noticeTextOf } from "./notices";
import { tenantLookOf } from "./theme";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
];

/**
 * Every page's frame. In autologin mode a visitor whose session ended, carrying a stored admin
 * token, is logged in again first. What each page needs beyond that (a login, a token, a role)
 * its own loader and action declare (app/access/).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await context.requestContext(request);
  const { locale, texts, tenant, config, user } = ctx;
  const url = new URL(request.url);
  const loggedInAgain = await loginWithStoredToken(request, context.bff, ctx);
  if (loggedInAgain) throw redirect(`${url.pathname}${url.search}`, { headers: { "Set-Cookie": loggedInAgain } });
  const consent = context.bff.choices.consent.read(request);
  const analyticsUrl = context.bff.analyticsUrl;
  // Every form carries the synchronizer token (app/components/portal-form.tsx); the login form and,
  // inside an integrated frame, every form are refused without it.
  const formToken = formTokenFor(request, context.bff);
  const [languages, tenantWords] = await Promise.all([
    offeredLanguages(context.bff, ctx.tenant, context.deadlineAt),
    tenantTexts(context.bff, ctx),
  ]);
  return data(
    {
      locale,
      description: fixedT(texts)("home_page.metaDescription"),
      seo: seoLinks(tenant.origin, url),
      brandPreview: brandPreviewOf(context.bff, ctx, url),
      tenant: {
        ...tenantLookOf(tenant.tenant, config),
        logo: config.Logo ? context.bff.cms.assetUrl(config, config.Logo, LOGO_SIZE) : null,
      },
      user: user ? { vorname: user.vorname } : null,
      agencySignedOn: agencyUserOf(request, context.bff) !== null,
      autologin: config.IsAutologin,
      languages,
      tenantTexts: tenantWords,
      askConsent: !consent && !isConsentBannerSuppressed(url.pathname),
      // In a frame (the widget parameter, or a browser that says so) the portal has no chrome.
      embedded:
        url.searchParams.has("widget") || request.headers.get("sec-fetch-dest") === "iframe"
          ? { parentOrigins: tenant.parentOrigins }
          : null,
      tracking: consent?.analytical && analyticsUrl ? { url: analyticsUrl, siteId: tenant.analyticsSiteId } : null,
      formToken: formToken.token,
    },
    { headers: formToken.setCookie ? { "Set-Cookie": formToken.setCookie } : undefined },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

const LOGO_SIZE = { width: 40, height: 40 };

/** The canonical address of a page (without its query), on the tenant's configured origin, and one alternate per language (`?lng=`). */
function seoLinks(origin: string, url: URL) {
  const canonical = `${origin}${url.pathname}`;
  return { canonical, alternates: supportedLocales.map((lng) => ({ lng, href: `${canonical}?lng=${lng}` })) };
}

/** The brand's part of every page's link preview (app/meta.ts): a landing adds who invites whom to what. */
function brandPreviewOf(bff: Bff, ctx: RequestContext, url: URL): BrandPreview {
  return {
    siteName: ctx.config.Name,
    ogLocale: ctx.locale === "en" ? "en_GB" : "de_DE",
    url: `${ctx.tenant.origin}${url.pathname}`,
    ...brandPreviewImage(bff, ctx),
  };
}

type DocumentProps = {
  locale: string;
  tenant?: Pick<RootData["tenant"], "id" | "theme">;
  seo?: RootData["seo"];
  embedded?: RootData["embedded"];
  /** A title of the document's own, where no route's meta gives one (the error page). */
  title?: string;
  children: React.ReactNode;
};

function Document({ locale, tenant, seo, embedded = null, title, children }: DocumentProps) {
  const nonce = useNonce();
  const textsUrl = usePageTextsUrl();
  return (
    <html lang={locale} data-tenant={tenant?.id} data-texts={textsUrl}>
      <head>
        <meta charSet="utf-8" />
        {embedded ? null : <link rel="preload" href={textsUrl} as="fetch" crossOrigin="anonymous" />}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {title ? <title>{title}</title> : null}
        {seo ? (
          <>
            <link rel="canonical" href={seo.canonical} />
            {seo.alternates.map((alternate) => (
              <link key={alternate.lng} rel="alternate" hrefLang={alternate.lng} href={alternate.href} />
            ))}
            <link rel="alternate" hrefLang="x-default" href={seo.canonical} />
          </>
        ) : null}
        <Links />
        {/* The colour is checked to be '#rrggbb' by the tenant configuration's contract (bff/legacy/contract.ts). */}
        {tenant ? <style nonce={nonce}>{tenant.theme}</style> : null}
      </head>
      {/* In a frame the page is as tall as its content: the parent sizes the frame from it. */}
      <body className={`${embedded ? "" : "min-h-screen "}bg-white text-slate-900 antialiased`}>
        {children}
        {embedded ? (
          <ParentMessages parentOrigins={embedded.parentOrigins} nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>("root")!;
  const location = useLocation();
  const { embedded } = data;
  const passwordForm = useMatches().some((match) => (match.handle as AutologinNoticeHandle | undefined)?.passwordForm);
  const notice = noticeTextOf(new URLSearchParams(location.search));
  const { t } = useTranslation();
  return (
    <Document locale={data.locale} tenant={data.tenant} seo={data.seo} embedded={embedded}>
      {embedded ? null : <SkipLink />}
      {data.askConsent ? <ConsentBanner redirectTo={`${location.pathname}${location.search}`} /> : null}
      <TenantTextsProvider texts={data.tenantTexts}>
        <Layout
          tenantName={data.tenant.name}
          logo={data.tenant.logo}
          locale={data.locale}
          languages={data.languages}
          userName={data.user?.vorname}
          agencySignedOn={data.agencySignedOn}
          chrome={!embedded}
        >
          {notice ? (
            // The notice stands apart from the page's heading below it, as every notice does from what follows.
            <div className="mb-6">
              <SuccessMessage>{t(notice)}</SuccessMessage>
            </div>
          ) : null}
          {data.autologin && passwordForm ? <AutologinNotice tenantName={data.tenant.name} /> : <Outlet />}
        </Layout>
      </TenantTextsProvider>
      {data.tracking ? <TrackNavigation tracking={data.tracking} /> : null}
      <PageAnnouncer consentAsked={data.askConsent} />
      {embedded ? null : <ExitIntent />}
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const { t, i18n } = useTranslation();
  const locale = data?.locale ?? i18n.language ?? "de";
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const failure = upstreamFailureOf(error);
  // A tenant that cannot be served keeps its own look: its last configuration's name and colours.
  const look = data?.tenant ?? failure?.look;
  return (
    <Document locale={locale} tenant={look} title={t(errorTitleOf(status, failure))}>
      <SkipLink />
      <Layout tenantName={look?.name} locale={locale} redirectTo={location.pathname}>
        <ErrorPanel status={status} failure={failure} byRole={refusedForRole(error)} />
      </Layout>
    </Document>
  );
}
