import { performance } from "node:perf_hooks";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createPicturePool, PicturesBusyError } from "./picture-pool.server";
import type { PictureJob } from "./picture-worker";
import { PREVIEW_SIZE, type PreviewPicture } from "./preview-picture.server";

const preview: PreviewPicture = {
  colours: { brand: "#e20074", onBrand: "#ffffff" },
  logo: null,
  programme: "Telekom Empfehlungsprogramm",
  lead: "Anna S. empfiehlt Ihnen",
  headline: "MagentaZuhause L",
  benefit: "Bis zu 50 € Prämie für Sie",
  host: "telekom.example",
};
const jobOf = (shows: PreviewPicture) => vi.fn(async (): Promise<PictureJob> => ({ look: "preview", preview: shows }));
const sizeOf = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

const pools: ReturnType<typeof createPicturePool>[] = [];
const poolOf = (threads: number, queue: number) => {
  const pool = createPicturePool({ threads, queue, cacheBytes: 8 * 1024 * 1024 });
  pools.push(pool);
  return pool;
};
afterAll(() => Promise.all(pools.map((pool) => pool.close())));

describe("the picture pool", () => {
  it("draws a picture once however many ask at the same time, then answers from what it keeps, with one ETag", async () => {
    const pool = poolOf(1, 8);
    const job = jobOf(preview);
    const identity = { key: "preview telekom TK-1 de", shows: preview };
    const [one, two] = await Promise.all([pool.picture(identity, job), pool.picture(identity, job)]);
    const again = await pool.picture(identity, job);
    expect(job).toHaveBeenCalledTimes(1);
    expect(two.png.equals(one.png) && again.png.equals(one.png)).toBe(true);
    expect(sizeOf(one.png)).toEqual(PREVIEW_SIZE);
    expect(one.png.length).toBeLessThan(300 * 1024);
    expect(again.etag).toBe(pool.etagOf(identity));
  });

  it("draws again what shows something else under the same key, with another ETag", async () => {
    const pool = poolOf(1, 8);
    const identity = { key: "preview telekom TK-1 de", shows: preview };
    const first = await pool.picture(identity, jobOf(preview));
    const renamed = { ...preview, headline: "MagentaZuhause XL" };
    const job = jobOf(renamed);
    const second = await pool.picture({ ...identity, shows: renamed }, job);
    expect(job).toHaveBeenCalledTimes(1);
    expect(second.etag).not.toBe(first.etag);
    expect(second.png.equals(first.png)).toBe(false);
  });

  it("never draws on the event loop: it stays idle while pictures are drawn", async () => {
    const pool = poolOf(1, 8);
    await pool.picture({ key: "warm", shows: preview }, jobOf(preview));
    const before = performance.eventLoopUtilization();
    // A story picture takes about 100 ms of CPU to draw: four of them on the event loop would stall it for each.
    const stories = ["Privathaftpflicht", "Hausrat", "Kfz-Versicherung", "Rechtsschutz"].map((product) => ({
      colours: preview.colours,
      programme: "FRIDAY – Freunde werben",
      lead: "Ich empfehle dir",
      product,
      reward: "35 € Prämie für dich",
      link: "https://friday.example/e/FR-100003?channel=story",
      callToAction: "Code scannen oder Link öffnen",
    }));
    await Promise.all(
      stories.map((story, index) =>
        pool.picture({ key: `story friday ${index} de`, shows: story }, async () => ({ look: "story", story })),
      ),
    );
    // The loop's busy time, not its delay: a loaded machine delays an idle loop too, but cannot make it busy.
    expect(performance.eventLoopUtilization(before).active).toBeLessThan(150);
  });

  it("refuses a picture at once when its threads and queue are full, and draws it once there is room", async () => {
    const pool = poolOf(1, 1);
    const asked = Array.from({ length: 5 }, (_, index) => ({ ...preview, headline: `Produkt ${index}` }));
    const results = await Promise.allSettled(asked.map((shows, index) => pool.picture({ key: `p ${index}`, shows }, jobOf(shows))));
    const refused = results.filter((result) => result.status === "rejected");
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((result) => result.reason instanceof PicturesBusyError)).toBe(true);
    expect(results.some((result) => result.status === "fulfilled")).toBe(true);
    const later = await pool.picture({ key: "p 4", shows: asked[4] }, jobOf(asked[4]));
    expect(sizeOf(later.png)).toEqual(PREVIEW_SIZE);
  });
});
