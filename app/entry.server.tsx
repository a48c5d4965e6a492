import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { pageTextSet } from "#bff/portal/request-context.server";
import { pageLanguageFor } from "./i18n/i18n.server";
import { PageLanguageProvider } from "./i18n/use-translation";
import { NonceContext } from "./nonce";

// The Node server makes its one bff/ from the build (server/index.ts), so bff/ is loaded once: the
// errors its legacy client throws are the very classes the routes check with `instanceof`.
export { responseForFailure } from "./route-failures.server";
export { createLoadContext } from "#bff/portal/load-context.server";
export { createBff } from "#bff/portal/services.server";

const ABORT_DELAY_MS = 5_000;

export const streamTimeout = ABORT_DELAY_MS;

/** A form refused for too many tries (429) tells the browser when to try again, as the server's own 429 pages do. */
function carryRetryAfter(remixContext: EntryContext, responseHeaders: Headers) {
  for (const headers of Object.values(remixContext.staticHandlerContext.actionHeaders)) {
    const retryAfter = headers.get("Retry-After");
    if (retryAfter) responseHeaders.set("Retry-After", retryAfter);
  }
}

const DOCUMENT_END = Buffer.from("</body></html>");

/**
 * Remix renders single fetch's data scripts after the document (its StreamTransfer is a sibling of
 * `<html>`), so every page had a script after `</html>`: invalid HTML that a browser reads into the
 * body anyway. Put there by the server, the page is valid and the browser builds the same document.
 */
function scriptsInsideBody(page: Buffer): Buffer<ArrayBuffer> {
  const end = page.lastIndexOf(DOCUMENT_END);
  if (end < 0 || end + DOCUMENT_END.length === page.length) return page as Buffer<ArrayBuffer>;
  return Buffer.concat([page.subarray(0, end), page.subarray(end + DOCUMENT_END.length), DOCUMENT_END]);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const texts = await pageTextSet(request, loadContext.bff);
  const nonce = loadContext.cspNonce;
  // Cache-Control: server/private-by-default.ts (private, no-store, for documents and `.data` replies alike).
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.append("Vary", "Cookie, Accept-Language");
  carryRetryAfter(remixContext, responseHeaders);

  // The pages load their data before rendering and use no Suspense, so streaming gains nothing:
  // the whole page is rendered into one buffer and sent in one write.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <PageLanguageProvider value={pageLanguageFor(texts)}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
        </PageLanguageProvider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          // No 'close' event: React would answer it by aborting a render that already finished.
          const sink = new Writable({
            emitClose: false,
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(abortTimer);
              const page = scriptsInsideBody(Buffer.concat(chunks));
              // Known, the length lets the server send the page as it is, not in chunks.
              responseHeaders.set("Content-Length", String(page.byteLength));
              resolve(new Response(page, { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(sink);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.bff.logger.error({ err: error, requestId: loadContext.requestId }, "render failed");
        },
      },
    );
    const abortTimer = setTimeout(abort, ABORT_DELAY_MS + 1_000);
  });
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  context.bff.logger.error({ err: error, requestId: context.requestId, path: new URL(request.url).pathname }, "request failed");
}
