// The headless content service as MSW handlers: client-credentials tokens that expire,
// content blocks, key visuals, FAQ, footnotes by Identifier, graphql variables, assets.
import { randomBytes } from "node:crypto";
import { graphql, http, HttpResponse, type RequestHandler } from "msw";
import { cmsContent, type Locale } from "./cms-seed";
import { seedTenants } from "./legacy-seed";

type Client = { app: string; secret: string };

export function createCmsSimulator({ tokenTtlSeconds = 300 }: { tokenTtlSeconds?: number } = {}) {
  const clients = new Map<string, Client>(
    Object.values(seedTenants()).map(({ config }) => [config.CmsClientId, { app: config.CmsAppName, secret: config.CmsClientSecret }]),
  );
  const tokens = new Map<string, { app: string; expiresAt: number }>();
  const stats = { tokenRequests: 0, contentRequests: 0 };
  const switches = { down: false };

  function authorised(request: Request, app: string) {
    const token = request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") ?? "";
    const entry = tokens.get(token);
    return !!entry && entry.app === app && entry.expiresAt > Date.now();
  }

  function localeOf(request: Request): Locale {
    return new URL(request.url).searchParams.get("locale") === "en" ? "en" : "de";
  }

  /** Wraps a content resolver with the token check and the outage switch. */
  function content(resolve: (args: { app: string; id: string; request: Request; locale: Locale }) => unknown) {
    return ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
      if (switches.down) return HttpResponse.error();
      const app = String(params.app);
      if (!authorised(request, app)) return HttpResponse.json({ error: "invalid_token" }, { status: 401 });
      stats.contentRequests += 1;
      const found = resolve({ app, id: String(params.id ?? ""), request, locale: localeOf(request) });
      return found === undefined ? HttpResponse.json({ error: "not_found" }, { status: 404 }) : HttpResponse.json(found);
    };
  }

  const handlers: RequestHandler[] = [
    http.post("*/oauth/token", async ({ request }) => {
      if (switches.down) return HttpResponse.error();
      stats.tokenRequests += 1;
      const form = new URLSearchParams(await request.text());
      const client = clients.get(form.get("client_id") ?? "");
      if (form.get("grant_type") !== "client_credentials" || !client || client.secret !== form.get("client_secret")) {
        return HttpResponse.json({ error: "invalid_client" }, { status: 401 });
      }
      const token = randomBytes(20).toString("hex");
      tokens.set(token, { app: client.app, expiresAt: Date.now() + tokenTtlSeconds * 1000 });
      return HttpResponse.json({ access_token: token, token_type: "Bearer", expires_in: tokenTtlSeconds });
    }),
    http.get(
      "*/api/:app/content-bloecke/:id",
      content(({ id, locale }) => cmsContent[locale].blocks[id]),
    ),
    http.get(
      "*/api/:app/keyvisual/:id",
      content(({ id, locale }) => cmsContent[locale].keyVisuals[id]),
    ),
    http.get(
      "*/api/:app/faq/:id",
      content(({ id, locale }) => cmsContent[locale].faq[id]),
    ),
    http.get(
      "*/api/:app/faq-pages",
      content(({ locale }) => Object.keys(cmsContent[locale].faq)),
    ),
    http.get(
      "*/api/:app/fussnoten",
      content(({ request, locale }) => {
        const identifier = new URL(request.url).searchParams.get("Identifier");
        return cmsContent[locale].footnotes.filter((note) => !identifier || note.Identifier === identifier);
      }),
    ),
    graphql.query("Variables", ({ variables, request }) => {
      if (switches.down) return HttpResponse.error();
      if (!authorised(request, String(variables.app)))
        return HttpResponse.json({ errors: [{ message: "invalid_token" }] }, { status: 401 });
      stats.contentRequests += 1;
      return HttpResponse.json({ data: { variables: { MaxPraemie: "50 €", Hotline: "0800 123 456" } } });
    }),
    http.get("*/assets/:app/:name", ({ request, params }) => {
      const url = new URL(request.url);
      const width = Number(url.searchParams.get("width") ?? 640);
      const height = Number(url.searchParams.get("height") ?? 360);
      const name = String(params.name).replace(/[^\w.-]/g, "");
      // A small picture (a logo) shows initials; a large one the whole name.
      const small = width < 100;
      const label = small ? name.slice(0, 2).toUpperCase() : name;
      const fontSize = small ? Math.round(height * 0.45) : 20;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#dde6f0"/><text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" font-size="${fontSize}">${label}</text></svg>`;
      return new HttpResponse(svg, { headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=3600" } });
    }),
  ];

  return {
    handlers,
    stats,
    switches,
    /** Invalidates every issued token, as if they had all expired: the next call gets a 401. */
    expireTokens() {
      tokens.clear();
    },
    reset() {
      tokens.clear();
      stats.tokenRequests = 0;
      stats.contentRequests = 0;
      switches.down = false;
    },
  };
}
export type CmsSimulator = ReturnType<typeof createCmsSimulator>;
