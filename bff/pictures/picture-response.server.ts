// A drawn picture as the portal answers with it: 304 where the browser or crawler holds it already
// (nothing drawn), 503 with Retry-After where the pool is full, else the PNG with its ETag. A picture
// whose key was checked in the last minute is answered without reading what it shows again.
import { type Picture, type PictureIdentity, type PicturePool, PicturesBusyError } from "./picture-pool.server";
import type { PictureJob } from "./picture-worker";

/** How long a client waits before asking again for a picture the full pool refused. */
const BUSY_RETRY_SECONDS = 5;

/** What a picture shows and the job that draws it, read (from the backend) only where the kept picture is not fresh. */
export type PictureDescription = { shows: unknown; job: () => Promise<PictureJob> };

const heldBy = (request: Request, etag: string) =>
  request.headers
    .get("if-none-match")
    ?.split(/\s*,\s*/)
    .includes(etag) ?? false;

const notModified = (etag: string, headers: Record<string, string>) =>
  new Response(null, { status: 304, headers: { ...headers, ETag: etag } });

function pngResponse({ png, etag }: Picture, headers: Record<string, string>) {
  return new Response(png, {
    headers: { ...headers, ETag: etag, "Content-Type": "image/png", "Content-Security-Policy": "default-src 'none'; sandbox" },
  });
}

/** The picture under `key` (its tenant, recommendation, language and look). */
export async function drawnPictureResponse(
  request: Request,
  pictures: PicturePool,
  { key, describe, headers }: { key: string; describe: () => Promise<PictureDescription>; headers: Record<string, string> },
) {
  const fresh = pictures.fresh(key);
  if (fresh) return heldBy(request, fresh.etag) ? notModified(fresh.etag, headers) : pngResponse(fresh, headers);
  const { shows, job } = await describe();
  const identity: PictureIdentity = { key, shows };
  const etag = pictures.etagOf(identity);
  if (heldBy(request, etag)) return notModified(etag, headers);
  try {
    return pngResponse(await pictures.picture(identity, job), headers);
  } catch (error) {
    if (!(error instanceof PicturesBusyError)) throw error;
    return new Response(null, { status: 503, headers: { "Retry-After": String(BUSY_RETRY_SECONDS), "Cache-Control": "no-store" } });
  }
}
