import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { TENANT_PICTURE_CACHING } from "#bff/catalogue/image-response.server";

/** The sizes pages ask the CMS for: the logo and the key visual's widths (app/root.tsx, app/routes/_index.tsx). */
const MAX_SIDE = 2000;
const NAME = /^[\w.-]{1,100}$/;

function side(value: string | null) {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 && number <= MAX_SIDE ? number : null;
}

/**
 * A CMS picture through the portal (docs/legacy-api.md): read from the CMS, only pictures and
 * at most 2 MB, with the CMS's ETag and a day's caching in the browser only; an upstream SVG cannot run anything here.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const size = { width: side(url.searchParams.get("width")), height: side(url.searchParams.get("height")) };
  if (!NAME.test(params.name ?? "") || !size.width || !size.height) return new Response(null, { status: 404 });
  const { config } = await context.requestContext(request);
  const picture = await context.bff.cms
    .asset(config, params.name!, { width: size.width, height: size.height }, request.headers.get("if-none-match"))
    .catch(() => ({ kind: "none" }) as const);
  const caching = { "Cache-Control": TENANT_PICTURE_CACHING, ...(picture.kind !== "none" && picture.etag ? { ETag: picture.etag } : {}) };
  if (picture.kind === "unchanged") return new Response(null, { status: 304, headers: caching });
  if (picture.kind === "none") return new Response(null, { status: 404 });
  return new Response(Readable.toWeb(picture.body) as ReadableStream, {
    headers: {
      ...caching,
      "Content-Type": picture.contentType,
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
