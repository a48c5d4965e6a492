import { afterAll, describe, expect, it } from "vitest";
import { createPicturePool } from "./picture-pool.server";
import { drawnPictureResponse } from "./picture-response.server";
import type { PreviewPicture } from "./preview-picture.server";

const pool = createPicturePool({ threads: 1, queue: 1, cacheBytes: 8 * 1024 * 1024 });
afterAll(() => pool.close());

const preview = (headline: string): PreviewPicture => ({
  colours: { brand: "#003781", onBrand: "#ffffff" },
  logo: null,
  programme: "Allianz Agentur Empfehlung",
  lead: "Anna S. empfiehlt Ihnen",
  headline,
  benefit: null,
  host: "allianz.example",
});
const answer = (headline: string, headers: Record<string, string> = {}) =>
  drawnPictureResponse(new Request("http://allianz.localhost/vorschau/allianz/AZ-1/bild.png", { headers }), pool, {
    key: `preview allianz ${headline}`,
    describe: async () => ({ shows: preview(headline), job: async () => ({ look: "preview" as const, preview: preview(headline) }) }),
    headers: { "Cache-Control": "public, max-age=86400" },
  });

describe("a drawn picture's answer", () => {
  it("is the PNG with its ETag and caching, then a 304 to a client that holds it, drawing nothing", async () => {
    const first = await answer("Kfz-Versicherung");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("cache-control")).toBe("public, max-age=86400");
    const etag = first.headers.get("etag")!;
    const again = await answer("Kfz-Versicherung", { "if-none-match": `"other", ${etag}` });
    expect([again.status, again.headers.get("etag")]).toEqual([304, etag]);
  });

  it("reads what a picture shows once a minute at most: asked again, it is answered from what is kept", async () => {
    let described = 0;
    const ask = () =>
      drawnPictureResponse(new Request("http://allianz.localhost/vorschau/allianz/AZ-2/bild.png"), pool, {
        key: "preview allianz AZ-2 de",
        describe: async () => (
          described++,
          { shows: preview("Hausrat"), job: async () => ({ look: "preview" as const, preview: preview("Hausrat") }) }
        ),
        headers: {},
      });
    const [first, second] = [await ask(), await ask()];
    expect([first.status, second.status, described]).toEqual([200, 200, 1]);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
  });

  it("is a 503 with Retry-After for the pictures the full pool cannot take, and the others are drawn", async () => {
    const answers = await Promise.all(["A", "B", "C", "D", "E", "F"].map((headline) => answer(`Produkt ${headline}`)));
    const statuses = answers.map((response) => response.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    for (const busy of answers.filter((response) => response.status === 503)) {
      expect(busy.headers.get("retry-after")).toBe("5");
      expect(busy.headers.get("cache-control")).toBe("no-store");
    }
  });
});
