import { describe, expect, it } from "vitest";
import { isPreviewFetch, isPreviewRequest, LINK_PREVIEW_CRAWLERS } from "./preview-clients";

const BROWSERS = [
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  // WhatsApp's own in-app browser is a person tapping the link, not its crawler.
  "Mozilla/5.0 (Linux; Android 14; SM-A546B Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0 Mobile Safari/537.36 WhatsApp",
];

const fetchOf = (headers: Record<string, string>, method = "GET") => ({ method, header: (name: string) => headers[name] });

describe("who only looks at a link", () => {
  it.each(LINK_PREVIEW_CRAWLERS.map((crawler) => [crawler.name, crawler.userAgent]))(
    "knows %s's link-preview crawler",
    (_name, userAgent) => {
      expect(isPreviewFetch(fetchOf({ "user-agent": userAgent }))).toBe(true);
      expect(isPreviewFetch(fetchOf({ "user-agent": userAgent.toUpperCase() }))).toBe(true);
    },
  );

  it.each(BROWSERS)("takes a browser for a person: %s", (userAgent) => {
    expect(isPreviewFetch(fetchOf({ "user-agent": userAgent }))).toBe(false);
  });

  it("takes a HEAD, a prefetch and a prerender for a look, whoever sends them", () => {
    expect(isPreviewFetch(fetchOf({ "user-agent": BROWSERS[0] }, "HEAD"))).toBe(true);
    expect(isPreviewFetch(fetchOf({ "user-agent": BROWSERS[0], "sec-purpose": "prefetch" }))).toBe(true);
    expect(isPreviewFetch(fetchOf({ "user-agent": BROWSERS[0], "sec-purpose": "prefetch;prerender" }))).toBe(true);
    expect(isPreviewFetch(fetchOf({ "user-agent": BROWSERS[0], purpose: "prefetch" }))).toBe(true);
    expect(isPreviewFetch(fetchOf({}))).toBe(false);
  });

  it("reads a loader's request the same way", () => {
    const crawler = LINK_PREVIEW_CRAWLERS.find(({ name }) => name === "Slack")!;
    expect(isPreviewRequest(new Request("http://telekom.localhost/e/TK-1", { headers: { "user-agent": crawler.userAgent } }))).toBe(true);
    expect(isPreviewRequest(new Request("http://telekom.localhost/e/TK-1", { headers: { "user-agent": BROWSERS[1] } }))).toBe(false);
  });
});
