import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { pageResponse } from "#bff/platform/page-response.server";
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

/**
 * Single fetch hands the page's data to the browser through Remix's StreamTransfer, which renders it chunk
 * by chunk, suspending on each read. The pages defer nothing, so the stream ends as soon as it starts: read
 * ahead here and put in the cache StreamTransfer looks in, the data renders in one script without
 * suspending, and the page can be rendered to a string.
 */
async function readDataHandoffAhead({ serverHandoffStream, renderMeta }: EntryContext) {
  if (!renderMeta || !serverHandoffStream) return;
  const data = await textOf(serverHandoffStream);
  renderMeta.streamCache = { 0: Object.assign(Promise.resolve(), { result: { done: true, value: data } }) };
}

async function textOf(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
  reader.releaseLock();
  return text + decoder.decode();
}

/** React's streaming renderer writes the doctype before `<html>`; its string renderer leaves it out. */
const DOCTYPE = "<!DOCTYPE html>";
const DOCUMENT_END = "</body></html>";

/**
 * Remix renders single fetch's data scripts after the document (its StreamTransfer is a sibling of
 * `<html>`), so every page had a script after `</html>`: invalid HTML that a browser reads into the
 * body anyway. Put there by the server, the page is valid and the browser builds the same document.
 */
function scriptsInsideBody(page: string) {
  const end = page.lastIndexOf(DOCUMENT_END);
  if (end < 0 || end + DOCUMENT_END.length === page.length) return page;
  return page.slice(0, end) + page.slice(end + DOCUMENT_END.length) + DOCUMENT_END;
}

/**
 * After a failed post (a form's reply with errors, or one refused), the title says so first: the first thing a
 * screen reader reads of the page that comes back without JavaScript (WCAG 3.3.1). With JavaScript the form's
 * message takes focus instead, and the page is not loaded again.
 */
function failedPostTitle(page: string, request: Request, status: number, remixContext: EntryContext, prefix: string) {
  const failed = request.method === "POST" && status >= 400 && status < 500 && remixContext.staticHandlerContext.actionData !== null;
  return failed ? page.replace("<title>", `<title>${prefix} `) : page;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const [texts] = await Promise.all([pageTextSet(request, loadContext.bff, loadContext.deadlineAt), readDataHandoffAhead(remixContext)]);
  const nonce = loadContext.cspNonce;
  // Cache-Control: server/private-by-default.ts (private, no-store, for documents and `.data` replies alike).
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.append("Vary", "Cookie, Accept-Language");
  carryRetryAfter(remixContext, responseHeaders);

  // Nothing suspends (the pages load their data first and defer none, the data is read ahead), so the page
  // renders to one string: React's streaming renderer encodes each of a page's hundreds of small pieces to
  // bytes on its own (decision 062: a quarter of the recipient data page's CPU).
  const language = pageLanguageFor(texts);
  const rendered = renderToString(
    <NonceContext.Provider value={nonce}>
      <PageLanguageProvider value={language}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </PageLanguageProvider>
    </NonceContext.Provider>,
  );
  const titled = failedPostTitle(rendered, request, responseStatusCode, remixContext, language.t("form.titleFailed"));
  const page = Buffer.from(DOCTYPE + scriptsInsideBody(titled));
  // Known, the length lets the server send the page as it is, not in chunks.
  responseHeaders.set("Content-Length", String(page.byteLength));
  return pageResponse(page, { headers: responseHeaders, status: responseStatusCode });
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  context.bff.logger.error({ err: error, requestId: context.requestId, path: new URL(request.url).pathname }, "request failed");
}
