import { Link } from "@remix-run/react";
import type { RewardOffer } from "#bff/reward/rules";
import { useTranslation } from "~/i18n/use-translation";
import { GermanOnlyText } from "./german-only-text";
import { RewardOfferLine } from "./reward-offer";

export type HeroPicture = { src: string; srcSet: string; width: number; height: number };

export type HeroText = {
  tenantName: string;
  /** The tenant's promise: its key visual's title, else the portal's. */
  promise: string;
  subtitle: string | null;
  offer: RewardOffer;
  rewardText: string | null;
};

/** Where the first screen puts what the tenant leads with: its tariffs under the promise, its agents beside it. */
export type HeroAside = { content: React.ReactNode; place: "below" | "beside" };

/**
 * The first screen of a tenant's home (decision 079): its promise leads, the reward sum beneath it, then the one thing to
 * do. With it what the tenant leads with: its picture, large (no `aside`), or its tariffs or agents, its picture then
 * a band above them.
 */
export function HomeHero({ text, picture, aside }: { text: HeroText; picture: HeroPicture | null; aside?: HeroAside }) {
  if (!aside)
    return (
      <section aria-labelledby="home-title" className="grid overflow-hidden rounded-lg bg-slate-100 lg:grid-cols-[2fr_3fr]">
        <div className="self-center p-6 lg:p-10">
          <Promise text={text} />
        </div>
        <KeyVisual picture={picture} />
      </section>
    );
  const beside = aside.place === "beside";
  return (
    <section aria-labelledby="home-title" className="overflow-hidden rounded-lg bg-slate-100">
      <KeyVisual picture={picture} band />
      <div className={`grid gap-8 p-6 lg:p-10 ${beside ? "lg:grid-cols-[2fr_3fr] lg:gap-10" : ""}`}>
        <Promise text={text} wide={!beside} />
        {aside.content}
      </div>
    </section>
  );
}

/** The promise, the reward sum and the one thing to do; `wide` sets the promise beside the rest from 1024 px on. */
function Promise({ text, wide = false }: { text: HeroText; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={wide ? "grid gap-x-10 lg:grid-cols-2" : undefined}>
      <div>
        {/* The tenant's name first: the page's heading says whose it is, and its promise. */}
        <h1 id="home-title" className="text-3xl font-bold [text-wrap:balance] md:text-4xl">
          <span className="mb-2 block text-base font-semibold text-brand-ink">{text.tenantName}</span> {text.promise}
        </h1>
        {text.subtitle ? <p className="mt-2 text-lg">{text.subtitle}</p> : null}
      </div>
      <div>
        {/* Beside the promise its top meets the heading's; beneath it, apart from it. */}
        <p className={`${wide ? "mt-4 lg:mt-0" : "mt-4"} border-l-4 border-brand bg-white px-4 py-3 text-lg font-semibold`}>
          <span className="sr-only">{t("home_page.offerLabel")}: </span>
          <RewardOfferLine offer={text.offer} friendUpTo stacked />
        </p>
        {text.rewardText ? <GermanOnlyText text={text.rewardText} className="mt-3" /> : null}
        <p className="mt-6">
          <Link to="/empfehlen" className="btn btn-primary">
            {t("home_page.recommendNow")}
          </Link>
        </p>
      </div>
    </div>
  );
}

/**
 * The tenant's key visual: large beside the promise, or a band across the first screen. Width and height reserve its
 * place, so nothing shifts while it loads; without one, the portal's neutral scene in the tenant's colour.
 */
function KeyVisual({ picture, band = false }: { picture: HeroPicture | null; band?: boolean }) {
  if (!picture) return band ? null : <NeutralVisual />;
  return (
    <img
      src={picture.src}
      srcSet={picture.srcSet}
      sizes={
        band ? "(min-width: 1152px) 1104px, calc(100vw - 2rem)" : "(min-width: 1152px) 662px, (min-width: 1024px) 60vw, calc(100vw - 2rem)"
      }
      width={picture.width}
      height={picture.height}
      alt=""
      // React 18 knows no fetchPriority prop (it warns): the lowercase attribute passes through as written.
      {...{ fetchpriority: "high" }}
      className={band ? "h-auto w-full" : "h-full w-full object-cover"}
    />
  );
}

/**
 * Where the CMS has no key visual (or cannot be reached): two people passing on a gift, drawn in
 * the tenant's own colour and greys, inline (no request), never another tenant's picture.
 */
function NeutralVisual() {
  return (
    <svg viewBox="0 0 800 300" className="h-auto w-full self-center" aria-hidden="true" data-visual="neutral">
      <rect width="800" height="300" className="fill-white" />
      <circle cx="400" cy="175" r="70" className="fill-brand" opacity=".1" />
      <circle cx="260" cy="110" r="38" className="fill-slate-600" />
      <rect x="215" y="155" width="90" height="110" rx="40" className="fill-slate-600" />
      <circle cx="540" cy="110" r="38" className="fill-brand" />
      <rect x="495" y="155" width="90" height="110" rx="40" className="fill-brand" />
      <rect x="370" y="150" width="60" height="50" rx="6" className="fill-brand" opacity=".75" />
      <rect x="395" y="150" width="10" height="50" className="fill-white" />
      <path d="M330 170h30m80 0h30" className="stroke-slate-700" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
