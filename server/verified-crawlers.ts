// Link-preview crawlers fetch many different links from few addresses: a budget of link lookups per
// address would block them (issue 67). A request counts as a crawler's only where the crawler can be
// verified the way it publishes: a reverse DNS name in its domain that resolves back to the address
// (Googlebot, Applebot), or an address in the ranges the operator lists from the crawlers that publish
// ranges instead (PREVIEW_CRAWLER_RANGES: Facebook's and WhatsApp's, Telegram's). A client that only
// says it is a crawler gets what a person gets. Answers are kept a day per address.
import { promises as dns } from "node:dns";
import { BlockList, isIPv6 } from "node:net";
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { LINK_PREVIEW_CRAWLERS } from "../bff/platform/preview-clients";
import { asyncHandler } from "./async-handler";

/** The crawlers that publish a reverse DNS check: the domains their addresses' names end in. */
const VERIFIED_BY_DNS: Record<string, RegExp> = {
  Googlebot: /\.(googlebot|google|googleusercontent)\.com$/i,
  Applebot: /\.applebot\.apple\.com$/i,
};

export type Resolver = { reverse(ip: string): Promise<string[]>; lookup(hostname: string): Promise<string[]> };

const DNS_TIMEOUT_MS = 1_000;

/** The system's resolver, asked once, for a second at most. */
export function systemResolver(): Resolver {
  const resolver = new dns.Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 });
  return {
    reverse: (ip) => resolver.reverse(ip),
    lookup: async (hostname) => (await dns.lookup(hostname, { all: true })).map(({ address }) => address),
  };
}

/** `10.0.0.0/8,2a03:2880::/32` as a BlockList; a malformed entry is a configuration error (bff/platform/config.server.ts checks them). */
export function crawlerRanges(ranges: string[]) {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split("/");
    list.addSubnet(address, Number(prefix), isIPv6(address) ? "ipv6" : "ipv4");
  }
  return list;
}

function claimedCrawler(userAgent: string) {
  return LINK_PREVIEW_CRAWLERS.find(({ pattern }) => pattern.test(userAgent))?.name ?? null;
}

async function verifiedByDns(resolver: Resolver, ip: string, domain: RegExp) {
  try {
    const names = (await resolver.reverse(ip)).filter((name) => domain.test(name));
    for (const name of names) if ((await resolver.lookup(name)).includes(ip)) return true;
  } catch {
    // No name, no answer in time: not verified, so a person.
  }
  return false;
}

/** Sets `res.locals.verifiedCrawler` where the request comes from a link-preview crawler verified as it publishes. */
export function verifyCrawlers({ resolver, ranges }: { resolver: Resolver; ranges: BlockList }): RequestHandler {
  const answers = new LRUCache<string, boolean>({ max: 10_000, ttl: 24 * 60 * 60 * 1000 });
  return asyncHandler(async (req, res, next) => {
    const crawler = claimedCrawler(req.get("user-agent") ?? "");
    const ip = req.ip?.replace(/^::ffff:(?=\d+\.)/i, "");
    if (!crawler || !ip) return next();
    const key = `${crawler} ${ip}`;
    let verified = answers.get(key);
    if (verified === undefined) {
      const domain = VERIFIED_BY_DNS[crawler];
      verified = ranges.check(ip, isIPv6(ip) ? "ipv6" : "ipv4") || (domain !== undefined && (await verifiedByDns(resolver, ip, domain)));
      answers.set(key, verified);
    }
    res.locals.verifiedCrawler = verified;
    next();
  });
}
