// Pictures from the legacy API (rewards, products, categories) through the BFF: the browser never
// talks to the legacy API, and an upstream SVG cannot run anything on this origin.
import type { LegacyAsset } from "../legacy/legacy-client.server";

/** Whether the backend answered with a picture. */
export function isPicture(image: LegacyAsset | null): image is LegacyAsset {
  return image?.status === 200 && image.contentType.startsWith("image/");
}

/**
 * A tenant's picture differs per tenant under the same path: the browser keeps it a day, no shared
 * cache keeps it (one keyed without the host would serve one tenant's picture to another; decision 070).
 */
export const TENANT_PICTURE_CACHING = "private, max-age=86400";

/** A picture as the portal serves it: cached a day by the browser, unable to run anything. */
export function pictureResponse(body: Uint8Array<ArrayBuffer> | string, contentType: string) {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Cache-Control": TENANT_PICTURE_CACHING,
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}

export function imageResponse(image: LegacyAsset) {
  return isPicture(image) ? pictureResponse(new Uint8Array(image.body), image.contentType) : new Response(null, { status: 404 });
}
