// Only configured hosts are served (docs/security.md, hosts): any other Host, and a malformed one, gets
// 400 with a short page that names no host. Behind trusted proxies X-Forwarded-Host is judged the
// same way; without them it is dropped, so nothing downstream builds an address from it.
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

export function servedHostsOnly({ serves, trustProxy }: { serves: (hostname: string) => boolean; trustProxy: boolean }): RequestHandler {
  return (req, res, next) => {
    const forwarded = req.headers["x-forwarded-host"];
    if (!trustProxy) delete req.headers["x-forwarded-host"];
    // A proxy may send a list: Express, like us, takes the first.
    const claimed = trustProxy && typeof forwarded === "string" ? forwarded.split(",")[0].trim() : req.headers.host;
    const hostname = hostnameOf(claimed);
    if (hostname && serves(hostname)) return next();
    sendPlainPage(req, res, 400, "badRequest");
  };
}
