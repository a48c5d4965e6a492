// The portal's pictures (the story picture, the link preview's), drawn in a pool of worker threads
// (piscina) with a bounded queue, never on the event loop: a picture costs about 100 ms of CPU. Each
// is kept once drawn, by what it shows, and served with an ETag; a picture asked for again costs a
// hash of what it shows. When the pool and its queue are full, that picture alone is refused
// (PicturesBusyError: 503 with Retry-After), and nothing else waits (docs/decisions/075).
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { LRUCache } from "lru-cache";
import { Piscina } from "piscina";
import type { PictureJob } from "./picture-worker";

/** How long a picture shown counts as what its key shows now, without reading again what it shows (its recommendation). */
const FRESH_MS = 60_000;

/** Raised to draw a picture differently: every picture kept or cached anywhere under the old drawing is new. */
const DRAWING = "2026-12-02";

export class PicturesBusyError extends Error {
  constructor() {
    super("the picture pool and its queue are full");
  }
}

export type Picture = { png: Buffer<ArrayBuffer>; etag: string; checkedAt: number };

/** What a picture shows, as a key: the tenant, the recommendation, the language and the look, and every word and colour drawn. */
export type PictureIdentity = { key: string; shows: unknown };

/** The worker as built beside the server's bundle (build/server), else its source through tsx (development, tests). */
function workerFile() {
  const here = dirname(fileURLToPath(import.meta.url));
  const built = join(here, "picture-worker.js");
  if (existsSync(built)) return { filename: built, execArgv: [] };
  return { filename: join(here, "picture-worker.ts"), execArgv: ["--import", "tsx"] };
}

type PoolOptions = { threads: number; queue: number; cacheBytes: number };

export function createPicturePool({ threads, queue, cacheBytes }: PoolOptions) {
  // Threads start at the first picture and leave after a minute without one.
  const pool = new Piscina<PictureJob, Uint8Array>({
    ...workerFile(),
    minThreads: 0,
    maxThreads: threads,
    maxQueue: queue,
    idleTimeout: 60_000,
  });
  const drawn = new LRUCache<string, Picture>({ maxSize: cacheBytes, sizeCalculation: ({ png }) => png.length });
  const drawing = new Map<string, Promise<Picture>>();

  async function draw(etag: string, job: () => Promise<PictureJob>): Promise<Picture> {
    // Refused before the job reads its logo from the CMS; piscina's own limit catches the ones that race past.
    if (pool.queueSize >= queue) throw new PicturesBusyError();
    const task = await job();
    const bytes = await pool.run(task).catch((error: unknown) => {
      throw error instanceof Error && /queue is at limit/i.test(error.message) ? new PicturesBusyError() : error;
    });
    return { png: Buffer.from(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), etag, checkedAt: Date.now() };
  }

  return {
    /** The ETag of what a picture shows: known before anything is drawn, so that a revalidation costs no drawing. */
    etagOf({ key, shows }: PictureIdentity) {
      return `"${createHash("sha256")
        .update(`${DRAWING}\n${key}\n${JSON.stringify(shows)}`)
        .digest("base64url")
        .slice(0, 27)}"`;
    },
    /**
     * The picture under `key` where what it shows was read in the last minute: asked again and again (a crawler, a
     * share sheet), it costs a lookup, not a backend call.
     */
    fresh(key: string): Picture | null {
      const kept = drawn.get(key);
      return kept && Date.now() - kept.checkedAt < FRESH_MS ? kept : null;
    },
    /** The picture kept for what it shows, else drawn once however many ask for it at the same time. */
    async picture(identity: PictureIdentity, job: () => Promise<PictureJob>): Promise<Picture> {
      const etag = this.etagOf(identity);
      const kept = drawn.get(identity.key);
      if (kept?.etag === etag) {
        kept.checkedAt = Date.now();
        return kept;
      }
      const running = drawing.get(etag);
      if (running) return running;
      const started = draw(etag, job)
        .then((picture) => (drawn.set(identity.key, picture), picture))
        .finally(() => drawing.delete(etag));
      drawing.set(etag, started);
      return started;
    },
    close: () => pool.destroy(),
  };
}
export type PicturePool = ReturnType<typeof createPicturePool>;
