// What a link unfurls as where it is shared (WhatsApp, Slack, a mail client, LinkedIn): who invites
// whom to what, from which brand, with a picture; the brand alone for every other page, and for a
// link that is unknown, expired or forged, which cannot be told apart (docs/decisions/075). It shows
// nothing the landing does not show to anyone holding the link.
import { buffer } from "node:stream/consumers";
import type { AppLoadContext } from "@remix-run/node";
import type { PictureIdentity } from "#bff/pictures/picture-pool.server";
import type { PictureJob } from "#bff/pictures/picture-worker";
import type { PreviewPicture } from "#bff/pictures/preview-picture.server";
import type { RequestContext } from "#bff/portal/request-context.server";
import type { Bff } from "#bff/portal/services.server";
import type { Recommendation } from "#bff/recommendation/replies";
import { friendPartCents } from "#bff/reward/rules";
import { formatCents } from "~/format";
import { fixedT } from "~/i18n/i18n.server";
import { themeColours } from "~/theme";

/** The same for anyone under its address, which names the tenant: a shared cache may keep it a day. */
export const PREVIEW_PICTURE_CACHING = "public, max-age=86400";

/** What the head says of the page to a link preview, beyond its title and description. */
export type LinkPreview = { title: string; description: string; image: string; imageAlt: string };

/** A preview picture's context: its address names its tenant, and another tenant's name there is no picture (404). */
export async function previewContextOf(request: Request, context: AppLoadContext, tenant: string) {
  const ctx = await context.requestContext(request);
  if (ctx.tenant.tenant !== tenant) throw new Response(null, { status: 404 });
  return ctx;
}

/** The logo as the preview's card holds it (twice its size, for sharp edges); only pictures a browser shows whole. */
const LOGO_SIZE = { width: 496, height: 160 };
const LOGO_TYPES = new Set(["image/svg+xml", "image/png", "image/jpeg"]);

type PreviewContext = Pick<RequestContext, "tenant" | "config" | "locale" | "texts">;

/** The recommender as the landing names them: first name and initial. */
export const recommenderName = (recommendation: Recommendation) =>
  `${recommendation.Empfehler.Vorname} ${recommendation.Empfehler.Nachname.slice(0, 1)}.`;

/** The friend's benefit in the one wording of message, preview and landing; null where the friend gets nothing. */
export function friendBenefit({ config, locale, texts }: PreviewContext, recommendation: Recommendation) {
  const cents = friendPartCents(config.MaxEmpfaengerPraemieCent, recommendation.AnteilEmpfehler);
  return cents > 0 ? fixedT(texts)("preview.benefit", { amount: formatCents(cents, locale) }) : null;
}

function pictureOf({ tenant, config }: PreviewContext, shows: Omit<PreviewPicture, "colours" | "logo" | "programme" | "host">) {
  return {
    colours: themeColours(config.Farbe ?? undefined),
    programme: config.Name,
    host: new URL(tenant.origin).host,
    logoName: config.Logo ?? null,
    ...shows,
  };
}
type PreviewShows = ReturnType<typeof pictureOf>;

function pictureAddress(ctx: PreviewContext, path: string, identity: PictureIdentity, bff: Bff) {
  const url = new URL(path, ctx.tenant.origin);
  url.searchParams.set("lng", ctx.texts === "en" ? "en" : "de");
  url.searchParams.set("v", bff.pictures.etagOf(identity).replaceAll('"', "").slice(0, 12));
  return url.toString();
}

const invitationPath = (ctx: PreviewContext, empfehlungsnummer: string) =>
  `/vorschau/${encodeURIComponent(ctx.tenant.tenant)}/${encodeURIComponent(empfehlungsnummer)}/bild.png`;
const brandPath = (ctx: PreviewContext) => `/vorschau/${encodeURIComponent(ctx.tenant.tenant)}/marke.png`;

const capitalised = (text: string | null) => (text ? `${text[0].toUpperCase()}${text.slice(1)}` : null);

/** The invitation's picture: who recommends what, and the friend's benefit. */
export function invitationPicture(ctx: PreviewContext, recommendation: Recommendation) {
  const t = fixedT(ctx.texts);
  const shows = pictureOf(ctx, {
    lead: t("preview.lead", { name: recommenderName(recommendation) }),
    headline: recommendation.Produkt.Name,
    benefit: capitalised(friendBenefit(ctx, recommendation)),
  });
  return { key: `preview ${ctx.tenant.tenant} ${recommendation.Empfehlungsnummer} ${ctx.texts}`, shows };
}

/** The brand's picture: its logo, colour and promise, and no one's name. */
export function brandPicture(ctx: PreviewContext) {
  const shows = pictureOf(ctx, { lead: null, headline: fixedT(ctx.texts)("preview.brandHeadline"), benefit: null });
  return { key: `preview ${ctx.tenant.tenant} brand ${ctx.texts}`, shows };
}

/** The head of a landing: "Anna S. empfiehlt Ihnen MagentaZuhause L – Telekom", the friend's benefit, the picture. */
export function invitationPreview(bff: Bff, ctx: PreviewContext, recommendation: Recommendation): LinkPreview {
  const t = fixedT(ctx.texts);
  const words = { name: recommenderName(recommendation), product: recommendation.Produkt.Name, brand: ctx.config.Name };
  const benefit = friendBenefit(ctx, recommendation);
  return {
    title: t("preview.title", words),
    // Only each text's own placeholders: a text given others is filled by i18next, at many times the cost.
    description: benefit ? t("preview.description", { name: words.name, benefit }) : t("preview.descriptionNoReward", words),
    image: pictureAddress(ctx, invitationPath(ctx, recommendation.Empfehlungsnummer), invitationPicture(ctx, recommendation), bff),
    imageAlt: t("preview.imageAlt", words),
  };
}

/** The head of every other page: the brand's picture and name. */
export function brandPreviewImage(bff: Bff, ctx: PreviewContext) {
  return { image: pictureAddress(ctx, brandPath(ctx), brandPicture(ctx), bff), imageAlt: ctx.config.Name };
}

/** The tenant's logo as a data: URL for the picture; none where it has none or the CMS cannot give it now. */
async function logoDataUrl(bff: Bff, config: RequestContext["config"], logoName: string | null) {
  if (!logoName) return null;
  const logo = await bff.cms.asset(config, logoName, LOGO_SIZE, null).catch(() => null);
  if (logo?.kind !== "picture" || !LOGO_TYPES.has(logo.contentType)) return null;
  return `data:${logo.contentType};base64,${(await buffer(logo.body)).toString("base64")}`;
}

/** The job that draws a preview: its logo read from the CMS only when it is drawn, never for a picture kept. */
export function previewJob(bff: Bff, config: RequestContext["config"], { logoName, ...shows }: PreviewShows) {
  return async (): Promise<PictureJob> => ({ look: "preview", preview: { ...shows, logo: await logoDataUrl(bff, config, logoName) } });
}
