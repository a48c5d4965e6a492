import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import { PREVIEW_SIZE } from "#bff/pictures/preview-size";
import type { LinkPreview } from "./link-preview.server";

type WithTitle = {
  title?: string;
  description?: string;
  /** A landing's invitation. */
  preview?: LinkPreview;
  /** The page of a link that cannot be followed: its preview is the brand's alone, whatever the link was. */
  previewAsBrand?: boolean;
};

/** What the root loader gives every page's head for a link preview: the brand's name and picture, the page's address. */
export type BrandPreview = { siteName: string; ogLocale: string; url: string; image: string; imageAlt: string };
type RootHead = { description?: string; brandPreview?: BrandPreview };

/** Open Graph and Twitter's card: the page's own preview (a landing's invitation), else the brand's. */
function linkPreviewMeta(title: string | undefined, description: string | undefined, page: WithTitle | undefined, brand: BrandPreview) {
  const preview = page?.preview ?? {
    title: title && !page?.previewAsBrand ? `${title} – ${brand.siteName}` : brand.siteName,
    description,
    ...brand,
  };
  const tags: [string, string | undefined][] = [
    ["og:type", "website"],
    ["og:site_name", brand.siteName],
    ["og:locale", brand.ogLocale],
    ["og:url", brand.url],
    ["og:title", preview.title],
    ["og:description", preview.description],
    ["og:image", preview.image],
    ["og:image:type", "image/png"],
    ["og:image:width", String(PREVIEW_SIZE.width)],
    ["og:image:height", String(PREVIEW_SIZE.height)],
    ["og:image:alt", preview.imageAlt],
  ];
  return [
    ...tags.filter((tag): tag is [string, string] => tag[1] !== undefined).map(([property, content]) => ({ property, content })),
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/**
 * The page title that a route's loader translated into the page's language, and its description
 * (the route's own, else the tenant's from the root loader); then what a link preview shows of it.
 */
export const titleMeta: MetaFunction = ({ data, matches }) => {
  const page = data as WithTitle | undefined;
  const root = matches.find((match) => match.id === "root")?.data as RootHead | undefined;
  const description = page?.preview?.description ?? (page?.previewAsBrand ? undefined : page?.description) ?? root?.description;
  // A soft hyphen that breaks a long word in a heading has no place in a tab or a bookmark.
  const title = (page?.preview?.title ?? page?.title)?.replaceAll("\u00ad", "");
  const meta: MetaDescriptor[] = [...(title ? [{ title }] : []), ...(description ? [{ name: "description", content: description }] : [])];
  return root?.brandPreview ? [...meta, ...linkPreviewMeta(title, description, page, root.brandPreview)] : meta;
};
