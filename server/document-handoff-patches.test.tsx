// The patches to turbo-stream and Remix (decision 064): a document's data without promises reaches the
// render as text, encoded at once, with no web stream made and read back; data that holds a promise
// still streams. Remix's own RemixServer renders the text into the page's data script.
import { Writable } from "node:stream";
import { createRequestHandler, type EntryContext } from "@remix-run/node";
import { RemixServer, Scripts } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { decode, encode, encodeSettled } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { type Loader, twoRouteBuild } from "../tests/support/two-route-remix-build";

async function contextOfPage(page: Loader) {
  let seen: EntryContext | undefined;
  const entry = (_request: Request, _status: number, _headers: Headers, context: unknown) => {
    seen = context as EntryContext;
    return new Response("page");
  };
  await createRequestHandler(twoRouteBuild({ page }, { entry }))(new Request("http://portal.test/p"));
  return seen!;
}

async function pageDataOf(encoded: ReadableStream<Uint8Array>) {
  const { value, done } = await decode(encoded);
  await done;
  return (value as { loaderData: Record<string, unknown> }).loaderData["routes/p"];
}

/** The page as Remix's RemixServer renders it, through React's streaming renderer (which waits on reads). */
async function renderedPage(page: Loader) {
  let html = "";
  const entry = (request: Request, _status: number, _headers: Headers, context: unknown) =>
    new Promise<Response>((resolve, reject) => {
      const stream = renderToPipeableStream(<RemixServer context={context as EntryContext} url={request.url} />, {
        onAllReady: () =>
          stream.pipe(
            new Writable({ write: (chunk, _encoding, next) => next(void (html += chunk)), final: () => resolve(new Response(html)) }),
          ),
        onShellError: reject,
      });
    });
  const response = await createRequestHandler(twoRouteBuild({ page }, { entry, root: Scripts }))(new Request("http://portal.test/p"));
  return response.text();
}

describe("a document's data", () => {
  it("without promises is handed over as text, with no stream to read", async () => {
    const context = await contextOfPage(() => ({ greeting: "Hallo", at: new Date(0) }));

    expect(context.serverHandoffStream).toBeUndefined();
    expect(await pageDataOf(new Response(context.serverHandoffText).body!)).toEqual({ greeting: "Hallo", at: new Date(0) });
  });

  it("holding a promise still streams, the promise's value after it", async () => {
    const context = await contextOfPage(() => ({ later: Promise.resolve("Hallo") }));

    expect(context.serverHandoffText).toBeUndefined();
    const data = (await pageDataOf(context.serverHandoffStream!)) as { later: Promise<string> };
    expect(await data.later).toBe("Hallo");
  });

  it("is rendered by RemixServer into the page's data script when it comes as text", async () => {
    const html = await renderedPage(() => ({ greeting: "Hallo" }));

    expect(html).toMatch(/streamController\.enqueue\([^)]*Hallo/);
    expect(html).toContain("streamController.close()");
  });
});

describe("turbo-stream's encoding at once", () => {
  it("gives the very text its stream gives, for every kind of value it encodes", async () => {
    const shared = { id: 7 };
    const values = [
      null,
      undefined,
      -0,
      "text",
      { a: 1, b: Object.assign([1, 2], { 3: 3 }), c: undefined, d: shared, e: shared },
      [new Date(0), 10n, new Map([["k", new Set([1])]]), new URL("http://portal.test/"), Symbol.for("s"), new Error("no")],
    ];

    for (const value of values) expect(encodeSettled(value)).toBe(await new Response(encode(value)).text());
  });

  it("leaves data with a promise to the stream", () => {
    expect(encodeSettled({ later: Promise.resolve(1) })).toBeUndefined();
  });
});
