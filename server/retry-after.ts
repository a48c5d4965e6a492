// Every 503 the portal sends says when to try again (a tenant whose backend is down, a full budget,
// a store outage): browsers show the page, crawlers and balancers wait instead of retrying at once.
// Set here because Remix does not pass on the headers of a loader's thrown response to the document.
import type { RequestHandler } from "express";
import onHeaders from "on-headers";

const RETRY_AFTER_SECONDS = 30;

export function retryAfterWhenUnavailable(): RequestHandler {
  return (_req, res, next) => {
    onHeaders(res, () => {
      if (res.statusCode === 503 && !res.hasHeader("Retry-After")) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    });
    next();
  };
}
