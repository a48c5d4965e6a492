// The headless content service as MSW handlers: client-credentials tokens that expire,
// content blocks, key visuals, FAQ, footnotes by Identifier, graphql variables, assets.
import { createHash, randomBytes } from "node:crypto";
import { graphql, http, HttpResponse, type RequestHandler } from "msw";
import { seedTenants } from "../legacy/seed";
import { keyVisualSvg, logoSvg } from "./pictures";
import { cmsContentOf, type Locale } from "./seed";

type Client = { app: string; secret: string };
type Service = {
  switches: { down: boolean };
  stats: { tokenRequests: number; contentRequests: number };
  tokens: Map<string, { app: string; expiresAt: number }>;
  authorised(request: Request, app: string): boolean;
};

const localeOf = (request: Request): Locale => (new URL(request.url).searchParams.get("locale") === "en" ? "en" : "de");

/** Client credentials for a token that lives `ttlSeconds`. */
function tokenHandler({ switches, stats, tokens }: Service, ttlSeconds: number) {
  const clients = new Map<string, Client>(
    Object.values(seedTenants()).map(({ config }) => [config.CmsClientId, { app: config.CmsAppName, secret: config.CmsClientSecret }]),
  );
  return http.post("*/oauth/token", async ({ request }) => {
    if (switches.down) return HttpResponse.error();
    stats.tokenRequests += 1;
    const form = new URLSearchParams(await request.text());
    const client = clients.get(form.get("client_id") ?? "");
    if (form.get("grant_type") !== "client_credentials" || !client || client.secret !== form.get("client_secret")) {
      return HttpResponse.json({ error: "invalid_client" }, { status: 401 });
    }
    const token = randomBytes(20).toString("hex");
    tokens.set(token, { app: client.app, expiresAt: Date.now() + ttlSeconds * 1000 });
    return HttpResponse.json({ access_token: token, token_type: "Bearer", expires_in: ttlSeconds });
  });
}

function contentHandlers(service: Service): RequestHandler[] {
  /** Wraps a content resolver with the token check and the outage switch. */
  const content =
    (resolve: (args: { app: string; id: string; request: Request; locale: Locale }) => unknown) =>
    ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
      if (service.switches.down) return HttpResponse.error();
      const app = String(params.app);
      if (!service.authorised(request, app)) return HttpResponse.json({ error: "invalid_token" }, { status: 401 });
      service.stats.contentRequests += 1;
      const found = resolve({ app, id: String(params.id ?? ""), request, locale: localeOf(request) });
      return found === undefined ? HttpResponse.json({ error: "not_found" }, { status: 404 }) : HttpResponse.json(found);
    };
  return [
    http.get(
      "*/api/:app/content-bloecke/:id",
      content(({ app, id, locale }) => cmsContentOf(app, locale).blocks[id]),
    ),
    http.get(
      "*/api/:app/keyvisual/:id",
      content(({ app, id, locale }) => cmsContentOf(app, locale).keyVisuals[id]),
    ),
    http.get(
      "*/api/:app/faq/:id",
      content(({ app, id, locale }) => cmsContentOf(app, locale).faq[id]),
    ),
    http.get(
      "*/api/:app/faq-pages",
      content(({ app, locale }) => Object.keys(cmsContentOf(app, locale).faq)),
    ),
    http.get(
      "*/api/:app/fussnoten",
      content(({ app, request, locale }) => {
        const identifier = new URL(request.url).searchParams.get("Identifier");
        return cmsContentOf(app, locale).footnotes.filter((note) => !identifier || note.Identifier === identifier);
      }),
    ),
    graphql.query("Variables", ({ variables, request }) => {
      if (service.switches.down) return HttpResponse.error();
      if (!service.authorised(request, String(variables.app)))
        return HttpResponse.json({ errors: [{ message: "invalid_token" }] }, { status: 401 });
      service.stats.contentRequests += 1;
      return HttpResponse.json({ data: { variables: { MaxPraemie: "50 €", Hotline: "0800 123 456" } } });
    }),
  ];
}

/** Pictures by name and size: a logo below 100 px wide, a key visual above, with an ETag. */
const assetHandler = http.get("*/assets/:app/:name", ({ request, params }) => {
  const url = new URL(request.url);
  const width = Number(url.searchParams.get("width") ?? 640);
  const height = Number(url.searchParams.get("height") ?? 360);
  const name = String(params.name).replace(/[^\w.-]/g, "");
  const svg = width < 100 ? logoSvg(name, width, height) : keyVisualSvg(String(params.app), width, height);
  const etag = `"${createHash("sha1").update(svg).digest("hex")}"`;
  if (request.headers.get("if-none-match") === etag) return new HttpResponse(null, { status: 304, headers: { etag } });
  return new HttpResponse(svg, { headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=3600", etag } });
});

export function createCmsSimulator({ tokenTtlSeconds = 300 }: { tokenTtlSeconds?: number } = {}) {
  const tokens: Service["tokens"] = new Map();
  const service: Service = {
    switches: { down: false },
    stats: { tokenRequests: 0, contentRequests: 0 },
    tokens,
    authorised(request, app) {
      const entry = tokens.get(request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") ?? "");
      return !!entry && entry.app === app && entry.expiresAt > Date.now();
    },
  };
  return {
    handlers: [tokenHandler(service, tokenTtlSeconds), ...contentHandlers(service), assetHandler],
    stats: service.stats,
    switches: service.switches,
    /** Invalidates every issued token, as if they had all expired: the next call gets a 401. */
    expireTokens() {
      tokens.clear();
    },
    reset() {
      tokens.clear();
      Object.assign(service.stats, { tokenRequests: 0, contentRequests: 0 });
      service.switches.down = false;
    },
  };
}
export type CmsSimulator = ReturnType<typeof createCmsSimulator>;
