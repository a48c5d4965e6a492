// Every 503 the portal sends says when to try again (a tenant whose backend is down, a full budget,
// a store outage): browsers show the page, crawlers and balancers wait instead of retrying at once; so
// does every 429 (a page's budget of link lookups used up).
// Set here because Remix does not pass on the headers of a loader's thrown response to the document.
import type { RequestHandler } from "express";
import onHeaders from "on-headers";

/** Seconds to wait by status, where the answer does not say itself. */
const RETRY_AFTER_SECONDS: Record<number, number> = { 503: 30, 429: 60 };

export function retryAfterWhenUnavailable(): RequestHandler {
  return (_req, res, next) => {
    onHeaders(res, () => {
      const seconds = RETRY_AFTER_SECONDS[res.statusCode];
      if (seconds !== undefined && !res.hasHeader("Retry-After")) res.setHeader("Retry-After", String(seconds));
    });
    next();
  };
}
