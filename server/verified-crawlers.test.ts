import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crawlerRanges, type Resolver, verifyCrawlers } from "./verified-crawlers";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const WHATSAPP = "WhatsApp/2.24.6.77 A";

/** A resolver as DNS answers for Google's crawler at 66.249.66.1 (and for a lookalike's name), counting its questions. */
function fakeDns() {
  const asked: string[] = [];
  const names: Record<string, string[]> = {
    "66.249.66.1": ["crawl-66-249-66-1.googlebot.com"],
    "203.0.113.5": ["crawl-203-0-113-5.googlebot.com.evil.example"],
    // A name in Google's domain that resolves elsewhere: a forged reverse record.
    "203.0.113.6": ["crawl-forged.googlebot.com"],
  };
  const addresses: Record<string, string[]> = {
    "crawl-66-249-66-1.googlebot.com": ["66.249.66.1"],
    "crawl-forged.googlebot.com": ["66.249.66.9"],
  };
  const resolver: Resolver = {
    reverse: async (ip) => (asked.push(`reverse ${ip}`), names[ip] ?? Promise.reject(new Error("ENOTFOUND"))),
    lookup: async (name) => (asked.push(`lookup ${name}`), addresses[name] ?? []),
  };
  return { resolver, asked };
}

const dns = fakeDns();
let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  // The client's address from X-Forwarded-For, as behind one trusted proxy.
  app.set("trust proxy", 1);
  app.use(verifyCrawlers({ resolver: dns.resolver, ranges: crawlerRanges(["157.240.0.0/16", "2a03:2880::/32"]) }));
  app.get("*", (_req, res) => void res.json({ verified: res.locals.verifiedCrawler === true }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function verified(userAgent: string, from: string) {
  const response = await fetch(`${base}/vorschau/telekom/TK-100001/bild.png`, {
    headers: { "user-agent": userAgent, "x-forwarded-for": from },
  });
  return ((await response.json()) as { verified: boolean }).verified;
}

describe("link-preview crawlers verified as they publish", () => {
  it("verifies Googlebot by its reverse name and the name's address, and keeps the answer", async () => {
    expect(await verified(GOOGLEBOT, "66.249.66.1")).toBe(true);
    expect(await verified(GOOGLEBOT, "66.249.66.1")).toBe(true);
    expect(dns.asked.filter((question) => question === "reverse 66.249.66.1")).toHaveLength(1);
  });

  it("takes a client that only says it is a crawler for a person: no name, a lookalike domain, a forged reverse record", async () => {
    for (const from of ["198.51.100.1", "203.0.113.5", "203.0.113.6"]) expect(await verified(GOOGLEBOT, from)).toBe(false);
    expect(await verified(WHATSAPP, "66.249.66.1")).toBe(false);
  });

  it("verifies a crawler that publishes address ranges by the operator's list, IPv4 and IPv6", async () => {
    expect(await verified(WHATSAPP, "157.240.1.10")).toBe(true);
    expect(await verified(WHATSAPP, "2a03:2880:f003:c07::1")).toBe(true);
    expect(await verified(WHATSAPP, "157.241.1.10")).toBe(false);
    // An address in the ranges that does not say it is a crawler is a person.
    expect(await verified("Mozilla/5.0 (X11; Linux x86_64)", "157.240.1.10")).toBe(false);
  });
});
