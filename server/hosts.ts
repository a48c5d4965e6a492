// Only configured hosts are served (docs/security.md, hosts): any other Host, and a malformed one, gets
// 400 with a short page that names no host. X-Forwarded-Host is dropped before anything reads it,
// unless the operator turned it on (TRUST_FORWARDED_HOST=1 behind TRUST_PROXY): a proxy that passes
// a client's header on would let the client pick the tenant. Where it is on, it is judged like Host.
import type { RequestHandler } from "express";
import { sendPlainPage } from "./plain-pages";

/** A host name and an optional port, as RFC 9110 allows it: a registered name or IPv4 address, or an IPv6 literal in brackets. */
const HOST =
  /^(?<hostname>[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(?<port>\d{1,5}))?$/i;
const MAX_PORT = 65_535;

function hostnameOf(host: string | undefined): string | null {
  const parts = host ? HOST.exec(host)?.groups : undefined;
  if (!parts || Number(parts.port ?? 0) > MAX_PORT) return null;
  return parts.hostname;
}

/** First of all: an X-Forwarded-Host nobody said to trust is gone before Express or Remix reads it. */
export function dropUntrustedForwardedHost(trustForwardedHost: boolean): RequestHandler {
  return (req, _res, next) => {
    if (!trustForwardedHost) delete req.headers["x-forwarded-host"];
    next();
  };
}

export function servedHostsOnly({ serves }: { serves: (hostname: string) => boolean }): RequestHandler {
  return (req, res, next) => {
    const forwarded = req.headers["x-forwarded-host"];
    // A proxy may send a list: Express, like us, takes the first.
    const claimed = typeof forwarded === "string" ? forwarded.split(",")[0].trim() : req.headers.host;
    const hostname = hostnameOf(claimed);
    if (hostname && serves(hostname)) return next();
    sendPlainPage(req, res, 400, "badRequest");
  };
}
