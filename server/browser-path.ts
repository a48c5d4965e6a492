// The request's path as a browser reads an address (the WHATWG URL parser): a backslash is a slash,
// and `.` and `..` segments, percent-encoded ones too, are resolved. Browsers send paths read that
// way; scanners, link checkers and hand-made requests may not (`GET /login\{token}`). Read once,
// first, so that the log, the route names, the rate limits, the static files and Remix all see the
// one path the router answers (docs/security.md, requests and hosts).
import type { RequestHandler } from "express";

/** What a browser would read differently: a backslash, or a dot segment. */
const READ_OTHERWISE_BY_BROWSERS = /\\|(?:^|\/)(?:\.|%2e){1,2}(?=\/|\?|#|$)/i;

export function pathAsBrowsersRead(target: string) {
  if (!READ_OTHERWISE_BY_BROWSERS.test(target)) return target;
  // As Remix's adapter builds the URL: the path appended to an origin, so `//x` stays a path.
  const url = new URL(`http://portal.invalid${target}`);
  return `${url.pathname}${url.search}`;
}

export function readPathAsBrowsersDo(): RequestHandler {
  return (req, _res, next) => {
    const read = pathAsBrowsersRead(req.url);
    if (read !== req.url) req.url = req.originalUrl = read;
    next();
  };
}
