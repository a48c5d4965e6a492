// Pictures from the legacy API (rewards, products, categories) through the BFF: the browser never
// talks to the legacy API, and an upstream SVG cannot run anything on this origin.
import type { LegacyAsset } from "../core/legacy-client.server";

export function imageResponse(image: LegacyAsset) {
  if (image.status !== 200 || !image.contentType.startsWith("image/")) return new Response(null, { status: 404 });
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.contentType,
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
