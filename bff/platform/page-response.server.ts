// A rendered page goes to the Node server beside its Response rather than as its body: a body made from
// bytes is a web stream to make (Node 20 wraps each as transferable) and to read again, about 4 % of the
// home page's CPU (docs/benchmarks.md), for a page the server writes in one piece anyway. The key is a
// registered symbol, the same in Remix's build and in the server's bundle, which each hold a copy of bff/.
const RENDERED_PAGE = Symbol.for("referral-portal.rendered-page");

type WithPage = Response & { [RENDERED_PAGE]?: Buffer };

/** The page's Response, its status and headers for Remix; the page itself for the server to write. */
export function pageResponse(page: Buffer, init: ResponseInit): Response {
  const response: WithPage = new Response(null, init);
  response[RENDERED_PAGE] = page;
  return response;
}

/** The page a Response carries beside it, if it is one of the portal's pages. */
export function renderedPageOf(response: Response): Buffer | undefined {
  return (response as WithPage)[RENDERED_PAGE];
}
