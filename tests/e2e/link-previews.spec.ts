// The friend's first moment (issue 65): a share link, fetched by each link-preview crawler on each
// tenant, unfurls as the brand's invitation (who invites whom to what, the friend's benefit, a
// picture); a link that cannot be followed unfurls as the brand alone, the same whatever the reason;
// crawlers, HEAD requests and prefetches count no landing and set no cookie, a person's visit counts
// once. Through the real server, without a browser: crawlers run none.
import { expect, test } from "@playwright/test";
import { LINK_PREVIEW_CRAWLERS } from "../../bff/platform/preview-clients";
import { E2E_SIMULATOR_PORT, portalUrl, serverUrl } from "../support/e2e-env";

const TENANTS = [
  { tenant: "telekom", code: "TK", brand: "Telekom Empfehlungsprogramm", invites: "empfiehlt Ihnen" },
  { tenant: "allianz", code: "AZ", brand: "Allianz Agentur Empfehlung", invites: "empfiehlt Ihnen" },
  { tenant: "standard", code: "ST", brand: "Empfehlungsportal", invites: "empfiehlt Ihnen" },
  { tenant: "friday", code: "FR", brand: "FRIDAY Versicherung – Freunde werben", invites: "empfiehlt dir" },
] as const;
const BROWSER = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const hexOf = (text: string) => Buffer.from(text).toString("hex");

type Fetched = { status: number; url: string; html: string; headers: Record<string, string>; setCookies: string[] };

/** A path fetched as `userAgent` would, following redirects by hand so that every hop's cookies are seen. */
async function fetchAs(
  request: import("@playwright/test").APIRequestContext,
  tenant: string,
  path: string,
  { userAgent, method = "GET", headers = {} }: { userAgent: string; method?: "GET" | "HEAD"; headers?: Record<string, string> },
): Promise<Fetched> {
  const setCookies: string[] = [];
  for (let hop = 0, current = path; hop < 5; hop++) {
    const response = await request.fetch(serverUrl(current), {
      method,
      headers: { host: `${tenant}.localhost`, "user-agent": userAgent, "accept-language": "de", ...headers },
      maxRedirects: 0,
    });
    setCookies.push(
      ...response
        .headersArray()
        .filter(({ name }) => name.toLowerCase() === "set-cookie")
        .map(({ value }) => value),
    );
    const location = response.headers()["location"];
    if (response.status() >= 300 && response.status() < 400 && location) {
      current = new URL(location, portalUrl(tenant)).pathname + new URL(location, portalUrl(tenant)).search;
      continue;
    }
    return {
      status: response.status(),
      url: current,
      html: method === "HEAD" ? "" : await response.text(),
      headers: response.headers(),
      setCookies,
    };
  }
  throw new Error(`${path}: more than 5 redirects`);
}

/** The head's title and its meta tags by property or name, as a crawler reads them. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  const decode = (text: string) =>
    text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&#39;", "'");
  const tags = new Map<string, string>();
  for (const [, key, content] of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) tags.set(key, decode(content));
  return { title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ""), tag: (key: string) => tags.get(key) };
}

async function landingCalls(empfehlungsnummer: string) {
  const calls = (await (await fetch(`http://127.0.0.1:${E2E_SIMULATOR_PORT}/__calls`)).json()) as Record<string, number>;
  return Object.entries(calls)
    .filter(([call]) => call.startsWith("PUT ") && call.endsWith(`/empfehlung/${empfehlungsnummer}`))
    .reduce((sum, [, count]) => sum + count, 0);
}

for (const { tenant, code, brand, invites } of TENANTS) {
  test(`${tenant}: every link-preview crawler unfurls a share link as the brand's invitation, and no hop sets a cookie`, async ({
    request,
  }) => {
    const origin = new URL(portalUrl(tenant)).origin;
    for (const crawler of LINK_PREVIEW_CRAWLERS) {
      const fetched = await fetchAs(request, tenant, `/e/${code}-100003?channel=whatsapp`, { userAgent: crawler.userAgent });
      expect(fetched.status, crawler.name).toBe(200);
      expect(fetched.setCookies, crawler.name).toEqual([]);
      const { title, tag } = headOf(fetched.html);
      expect(title, crawler.name).toMatch(new RegExp(`^\\p{L}+ \\p{L}\\. ${invites} .+ – ${escaped(brand)}$`, "u"));
      expect(tag("og:title"), crawler.name).toBe(title);
      expect(tag("og:site_name")).toBe(brand);
      expect(tag("og:type")).toBe("website");
      expect(tag("og:locale")).toBe("de_DE");
      expect(tag("og:url")).toBe(`${origin}/empfaengerdaten/${code}-100003`);
      // The friend gets the whole reward on -100003: the description says how much, as the landing does.
      expect(tag("og:description")).toMatch(/bis zu \d+\s€ Prämie für (Sie|dich), sobald/);
      expect(tag("description")).toBe(tag("og:description"));
      expect(tag("og:image")).toMatch(new RegExp(`^${origin}/vorschau/${tenant}/${code}-100003/bild\\.png\\?lng=de&v=[\\w-]+$`));
      expect([tag("og:image:width"), tag("og:image:height"), tag("og:image:type")]).toEqual(["1200", "630", "image/png"]);
      expect(tag("og:image:alt")).toContain(brand);
      expect(tag("twitter:card")).toBe("summary_large_image");
    }
  });
}

test("the preview picture, fetched without cookies: a 1200 × 630 PNG under 300 KB, kept by any cache, revalidated by its ETag", async ({
  request,
}) => {
  const { html } = await fetchAs(request, "telekom", "/e/TK-100004", { userAgent: LINK_PREVIEW_CRAWLERS[0].userAgent });
  const image = new URL(headOf(html).tag("og:image")!);
  const picture = await request.get(serverUrl(image.pathname + image.search), {
    headers: { host: "telekom.localhost", "user-agent": LINK_PREVIEW_CRAWLERS[0].userAgent },
  });
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/png");
  expect(picture.headers()["cache-control"]).toBe("public, max-age=86400");
  expect(picture.headers()["set-cookie"]).toBeUndefined();
  const png = await picture.body();
  expect(png.length).toBeLessThan(300 * 1024);
  expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: 1200, height: 630 });
  const etag = picture.headers()["etag"];
  expect(etag).toMatch(/^"[\w-]+"$/);
  const again = await request.get(serverUrl(image.pathname + image.search), {
    headers: { host: "telekom.localhost", "if-none-match": etag },
  });
  expect(again.status()).toBe(304);
  // Another tenant's name in the address: no picture, and never this tenant's under that name.
  const crossed = await request.get(serverUrl(image.pathname.replace("/telekom/", "/friday/")), { headers: { host: "telekom.localhost" } });
  expect(crossed.status()).toBe(404);
  // English names the language in the address, and draws another picture.
  const english = await fetchAs(request, "telekom", "/empfaengerdaten/TK-100004?lng=en", { userAgent: BROWSER });
  const { title, tag } = headOf(english.html);
  expect(title).toMatch(/ recommends .+ to you – Telekom Empfehlungsprogramm$/);
  expect(tag("og:locale")).toBe("en_GB");
  expect(tag("og:image")).toMatch(/\?lng=en&v=/);
  expect(tag("og:image")).not.toBe(image.toString());
});

test("an unknown, an expired and a forged link unfurl as the brand alone, with no name, each like the others", async ({ request }) => {
  const crawler = LINK_PREVIEW_CRAWLERS[1].userAgent;
  const heads = [];
  for (const path of [
    "/e/FR-999999",
    "/e/FR-100002",
    `/empfehlen/FR-100003/${hexOf("FR-100004")}`,
    `/empfehlen/any/FR-999999/${hexOf("FR-999999")}`,
  ]) {
    const fetched = await fetchAs(request, "friday", path, { userAgent: crawler });
    const { tag } = headOf(fetched.html);
    heads.push({
      path,
      title: tag("og:title"),
      description: tag("og:description"),
      image: tag("og:image"),
      alt: tag("og:image:alt"),
      url: tag("og:url"),
    });
    expect(fetched.html, path).not.toMatch(/Anna|empfiehlt dir/);
  }
  expect(heads[0].title).toBe("FRIDAY Versicherung – Freunde werben");
  expect(heads[0].image).toMatch(/\/vorschau\/friday\/marke\.png\?lng=de&v=/);
  for (const head of heads.slice(1)) expect({ ...head, path: heads[0].path }).toEqual(heads[0]);
  const brand = new URL(heads[0].image!);
  const picture = await request.get(serverUrl(brand.pathname + brand.search), { headers: { host: "friday.localhost" } });
  expect([picture.status(), picture.headers()["content-type"]]).toEqual([200, "image/png"]);
});

test("a crawler, a HEAD and a prefetch count no landing and set no cookie; a person's visit counts one", async ({ request }) => {
  const link = `/empfehlen/FR-100004/${hexOf("FR-100004")}?channel=sms`;
  const before = await landingCalls("FR-100004");
  for (const [who, options] of [
    ...LINK_PREVIEW_CRAWLERS.map(({ name, userAgent }) => [name, { userAgent }] as const),
    ["HEAD", { userAgent: BROWSER, method: "HEAD" }] as const,
    ["prefetch", { userAgent: BROWSER, headers: { "sec-purpose": "prefetch" } }] as const,
    ["prerender", { userAgent: BROWSER, headers: { "sec-purpose": "prefetch;prerender" } }] as const,
  ]) {
    const fetched = await fetchAs(request, "friday", link, options);
    expect(fetched.status, who).toBe(200);
    expect(fetched.setCookies, who).toEqual([]);
  }
  expect(await landingCalls("FR-100004")).toBe(before);
  // A person: the landing counts once, and the channel is remembered in its cookie.
  const person = await fetchAs(request, "friday", link, { userAgent: BROWSER });
  expect(person.url).toBe("/empfaengerdaten/FR-100004?channel=sms");
  expect(person.setCookies.length).toBeGreaterThan(0);
  expect(await landingCalls("FR-100004")).toBe(before + 1);
  // What a crawler is shown is what the person is shown: the same head.
  const crawled = await fetchAs(request, "friday", link, { userAgent: LINK_PREVIEW_CRAWLERS[0].userAgent });
  expect(headOf(crawled.html).tag("og:title")).toBe(headOf(person.html).tag("og:title"));
});
