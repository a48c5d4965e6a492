// A drawn picture as the portal answers with it: 304 where the browser or crawler holds it already
// (nothing drawn), 503 with Retry-After where the pool is full, else the PNG with its ETag.
import { type PictureIdentity, type PicturePool, PicturesBusyError } from "./picture-pool.server";
import type { PictureJob } from "./picture-worker";

/** How long a client waits before asking again for a picture the full pool refused. */
const BUSY_RETRY_SECONDS = 5;

export async function drawnPictureResponse(
  request: Request,
  pictures: PicturePool,
  { identity, job, headers }: { identity: PictureIdentity; job: () => Promise<PictureJob>; headers: Record<string, string> },
) {
  const etag = pictures.etagOf(identity);
  const caching = { ...headers, ETag: etag };
  if (
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers: caching });
  try {
    const { png } = await pictures.picture(identity, job);
    return new Response(new Uint8Array(png), {
      headers: { ...caching, "Content-Type": "image/png", "Content-Security-Policy": "default-src 'none'; sandbox" },
    });
  } catch (error) {
    if (!(error instanceof PicturesBusyError)) throw error;
    return new Response(null, { status: 503, headers: { "Retry-After": String(BUSY_RETRY_SECONDS), "Cache-Control": "no-store" } });
  }
}
