import { gzipSync } from "node:zlib";
// The CMS's pictures through the portal (app/routes/cmsbild.$name.tsx): pages name the portal's own
// path, never the CMS's host; only pictures pass, at most 2 MB, streamed, with the CMS's ETag.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { CMS_PICTURE_MAX_BYTES } from "#bff/content/content.server";
import { loader as homeLoader } from "../../app/routes/_index";
import { loader as pictureLoader } from "../../app/routes/cmsbild.$name";
import { createLoadContext } from "../../bff/portal/load-context.server";
import { backendsForSuite, onRealBackend, pageRequest } from "../support/backends";

const env = backendsForSuite();
const context = () => createLoadContext(env.bff, { cspNonce: "n", requestId: "r" });

function picture(path: string, headers: Record<string, string> = {}) {
  const name = decodeURIComponent(path.split("?")[0].split("/").pop()!);
  return pictureLoader({ request: pageRequest("telekom", path, { headers }), params: { name }, context: context() }) as Promise<Response>;
}

/** A CMS reply of its own for the next asset requests. */
function cmsAnswers(reply: () => Response) {
  const handlers = env.backends.simulators!.cms.handlers;
  handlers.unshift(http.get("*/assets/:app/:name", reply));
  return () => handlers.shift();
}

describe.skipIf(onRealBackend)("CMS pictures", () => {
  it("are named by the portal's own path on the page", async () => {
    const home = (await homeLoader({ request: pageRequest("telekom", "/"), params: {}, context: context() } as LoaderFunctionArgs)) as {
      keyVisual: { src: string; srcSet: string };
    };
    expect(home.keyVisual.src).toMatch(/^\/cmsbild\/[\w.-]+\?width=\d+&height=\d+$/);
    expect(home.keyVisual.srcSet).not.toContain(env.backends.cmsUrl);
  });

  it("come through with their type, the CMS's ETag and a day's caching, and 304 for an unchanged one", async () => {
    const response = await picture("/cmsbild/keyvisual.svg?width=800&height=300");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(await response.text()).toContain("<svg");
    const again = await picture("/cmsbild/keyvisual.svg?width=800&height=300", { "if-none-match": etag });
    expect(again.status).toBe(304);
  });

  it("refuse odd names and sizes, and anything that is no picture", async () => {
    for (const path of [
      "/cmsbild/a..b%2F..?width=800&height=300",
      "/cmsbild/k.svg?width=0&height=300",
      "/cmsbild/k.svg?width=99999&height=3",
      "/cmsbild/k.svg",
    ]) {
      expect((await picture(path)).status, path).toBe(404);
    }
    const restore = cmsAnswers(() => new HttpResponse("<html><script>x()</script></html>", { headers: { "content-type": "text/html" } }));
    try {
      expect((await picture("/cmsbild/k.svg?width=800&height=300")).status).toBe(404);
    } finally {
      restore();
    }
  });

  it("stop at the size limit, declared or not, counted after decoding", async () => {
    const big = new Uint8Array(CMS_PICTURE_MAX_BYTES + 1);
    const declared = cmsAnswers(
      () => new HttpResponse(big, { headers: { "content-type": "image/png", "content-length": String(big.length) } }),
    );
    try {
      expect((await picture("/cmsbild/k.png?width=800&height=300")).status).toBe(404);
    } finally {
      declared();
    }
    const streamed = cmsAnswers(
      () =>
        new HttpResponse(
          new ReadableStream({
            start(controller) {
              for (let part = 0; part < 3; part++) controller.enqueue(new Uint8Array(CMS_PICTURE_MAX_BYTES / 2));
              controller.close();
            },
          }),
          { headers: { "content-type": "image/png" } },
        ),
    );
    try {
      expect((await picture("/cmsbild/k.png?width=800&height=300")).status).toBe(404);
    } finally {
      streamed();
    }
    const bomb = gzipSync(new Uint8Array(20 * CMS_PICTURE_MAX_BYTES));
    const inflating = cmsAnswers(() => new HttpResponse(bomb, { headers: { "content-type": "image/png", "content-encoding": "gzip" } }));
    try {
      expect((await picture("/cmsbild/k.png?width=800&height=300")).status).toBe(404);
    } finally {
      inflating();
    }
  });

  it("come decoded where the CMS compressed them", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const compressed = cmsAnswers(
      () => new HttpResponse(gzipSync(png), { headers: { "content-type": "image/png", "content-encoding": "gzip" } }),
    );
    try {
      const response = await picture("/cmsbild/k.png?width=800&height=300");
      expect(response.status).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(png);
    } finally {
      compressed();
    }
  });
});
