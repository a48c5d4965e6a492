// The headless content service as MSW handlers: client-credentials tokens that expire,
// content blocks, key visuals, FAQ, footnotes by Identifier, graphql variables, assets.
import { createHash } from "node:crypto";
import { randomBytes } from "node:crypto";
import { graphql, http, HttpResponse, type RequestHandler } from "msw";
import { cmsContentOf, type Locale } from "./cms-seed";
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
      const svg = width < 100 ? logoSvg(name, width, height) : keyVisualSvg(String(params.app), width, height);
      const etag = `"${createHash("sha1").update(svg).digest("hex")}"`;
      if (request.headers.get("if-none-match") === etag) return new HttpResponse(null, { status: 304, headers: { etag } });
      return new HttpResponse(svg, { headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=3600", etag } });
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

const LOGO_COLOURS: [string, string][] = [
  ["telekom", "#e20074"],
  ["allianz", "#003781"],
  ["friday", "#2d2a6e"],
];

/** The tenant's colour, known by an asset's or an app's name; a neutral blue for any other. */
function colourOf(name: string) {
  return LOGO_COLOURS.find(([tenant]) => name.includes(tenant))?.[1] ?? "#1f4e79";
}

/** A stand-in logo: a mark of two linked rings (a referral) in the tenant's colour, known by the asset's name. */
function logoSvg(name: string, width: number, height: number) {
  const colour = colourOf(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#fff"/><circle cx="15" cy="20" r="8" fill="none" stroke="${colour}" stroke-width="3.5"/><circle cx="25" cy="20" r="8" fill="none" stroke="${colour}" stroke-width="3.5" opacity=".6"/></svg>`;
}

/**
 * A stand-in key visual at any size: two people passing on a gift, drawn in a few shapes, in the
 * app's tenant colour and neutral greys (never another tenant's colours).
 */
function keyVisualSvg(app: string, width: number, height: number) {
  const colour = colourOf(app);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 300" preserveAspectRatio="xMidYMid slice"><rect width="800" height="300" fill="#fff"/><circle cx="400" cy="175" r="70" fill="${colour}" opacity=".1"/><circle cx="260" cy="110" r="38" fill="#475569"/><rect x="215" y="155" width="90" height="110" rx="40" fill="#475569"/><circle cx="540" cy="110" r="38" fill="${colour}"/><rect x="495" y="155" width="90" height="110" rx="40" fill="${colour}"/><rect x="370" y="150" width="60" height="50" rx="6" fill="${colour}" opacity=".75"/><rect x="395" y="150" width="10" height="50" fill="#fff"/><path d="M330 170h30m80 0h30" stroke="#334155" stroke-width="6" stroke-linecap="round"/></svg>`;
}
