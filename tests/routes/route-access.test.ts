// What each route declares it needs, checked for every route of the app: forced login
// (ModuleErzwingeLogin) closes every page except the open ones; some pages need a login in any
// case; autologin mode (IsAutologin) sends a logged-out visitor home instead, shows the notice
// on the password pages, and logs in again with a stored admin token.
import type { ActionFunction, LoaderFunction } from "@remix-run/node";
import { expect, it } from "vitest";
import type { AutologinNoticeHandle } from "../../app/access/recommender.server";
import { loader } from "../../app/root";
import { action as loginAction } from "../../app/routes/login";
import { loader as adminTokenLoader } from "../../app/routes/login_.$adminLoginToken";
import { createLoadContext } from "../../bff/portal/load-context.server";
import type { Bff } from "../../bff/portal/services.server";
import { backendsForSuite, bffOver, onRealBackend, onSimulatorOnly, pageRequest } from "../support/backends";
import { portalRouteManifest } from "../support/portal-routes";

const env = backendsForSuite();

/** Open to a logged-out visitor even when the tenant forces a login. */
const OPEN = new Set([
  "routes/$",
  "routes/404",
  "routes/agb",
  "routes/bankdaten",
  "routes/code",
  "routes/datenschutz",
  "routes/empfaengerdaten.$empfehlungsnummer",
  "routes/exklusiv",
  "routes/exclusiv",
  "routes/faq",
  "routes/impressum",
  "routes/kontakt",
  "routes/login",
  "routes/login_.$adminLoginToken",
  "routes/login_.bestaetigen",
  // More time for a recipient's data or a reward link: for visitors who follow a link, never logged in.
  "routes/mehr-zeit",
  "routes/passwortsetzen",
  "routes/passwortvergessen",
  "routes/praemie.($praemieid)",
  "routes/kundennummer",
  "routes/praemiedanke",
  "routes/kulanzdanke",
  "routes/registrieren",
  "routes/sprache",
  // Pictures of the catalogue, the rewards, the agents and the CMS: no one's data.
  "routes/cmsbild.$name",
  "routes/katalogbild.$owner.$id.$kind",
  "routes/praemienbild.$id.$kind",
  "routes/beraterfoto.$externeId",
  // A shared link's preview pictures: crawlers fetch them without cookies (decision 075).
  "routes/vorschau.$tenant.$empfehlungsnummer.bild[.png]",
  "routes/vorschau.$tenant.marke[.png]",
  // What a recipient reaches from a recommendation link or with their token: they have no account
  // (docs/decisions/036).
  "routes/e.$empfehlungsnummer",
  "routes/empfehlen.$id.$hex",
  "routes/empfehlen.any.$id.$hex",
  "routes/empfehlen.click.$id",
  "routes/empfaenger.zustimmung",
  "routes/empfaengerbestaetigung",
  "routes/empfehlungabgelaufen",
  // Opened from the newsletter mail's link.
  "routes/empfehler.newsletter.$choice",
  // The accessibility statement and the addresses people try for it, like the other legal pages.
  "routes/barrierefreiheit",
  "routes/barrierefreiheitserklaerung",
  "routes/erklaerung-zur-barrierefreiheit",
  "routes/accessibility",
  // Right after a logout: the cookie choice and the language set again (bff/session/kept-choices.server.ts).
  "routes/behalten",
]);
/** Logged out already, the logout sends the visitor straight to the login page, with nothing to come back to. */
const LOGOUT = "routes/logout";
/** Need a recommender's login in any case (the reward's bank data page: or the reward token). */
const LOGIN_REQUIRED = new Set([
  "routes/persoenlicherbereich",
  "routes/meinedaten",
  "routes/passwortaendern",
  "routes/empfehler.bankdaten",
]);
/** The agency area has its own sign-on, whatever the tenant says about recommenders. */
const AGENCY = /^routes\/(agentur|agent\.)/;

type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; file: string };
const manifest = (await portalRouteManifest()) as unknown as Record<string, RouteEntry>;

/** A path the route answers, its parameters filled with sample values. */
function samplePath(route: RouteEntry): string {
  const own = (route.path ?? "")
    .split("/")
    .filter((segment) => !segment.endsWith("?"))
    .map((segment) => (segment === "*" ? "unbekannt" : segment.startsWith(":") ? "12" : segment));
  const parent = route.parentId && route.parentId !== "root" ? samplePath(manifest[route.parentId]) : "";
  return [parent, ...own].filter(Boolean).join("/").replace(/^\/?/, "/");
}

const routes = await Promise.all(
  Object.values(manifest)
    .filter((route) => route.id !== "root")
    .map(async (route) => {
      const module = (await import(`../../app/${route.file}`)) as { loader?: LoaderFunction; action?: ActionFunction; handle?: unknown };
      return { ...route, path: samplePath(route), module };
    }),
);

/** Where the loader (or the action, for a post) sends a logged-out visitor of the standard tenant; null when it stays. */
async function redirectOf(bff: Bff, route: (typeof routes)[number], method: "GET" | "POST") {
  const handler = method === "GET" ? route.module.loader : route.module.action;
  const request = pageRequest("standard", route.path, method === "POST" ? { method, body: new URLSearchParams() } : {});
  try {
    const result = await handler!({ request, params: {}, context: createLoadContext(bff, { cspNonce: "n", requestId: "r" }) });
    return result instanceof Response ? result.headers.get("Location") : null;
  } catch (thrown) {
    return thrown instanceof Response ? thrown.headers.get("Location") : null;
  }
}

/** One BFF for a walk over the routes, as one portal serves them all; it reads the tenant's settings as they stand when it starts. */
async function withBff<T>(walk: (bff: Bff) => Promise<T>) {
  const { bff } = bffOver(env.backends);
  try {
    return await walk(bff);
  } finally {
    await bff.close();
  }
}

const manifestModule = (id: string) => routes.find((route) => route.id === id)!.module;

const loginFor = (path: string) => `/login?${new URLSearchParams({ redirectTo: path })}`;

onSimulatorOnly("what each route needs", () => {
  it("every route is one of: open, login required, agency, or closed when login is forced", () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const id of [...OPEN, ...LOGIN_REQUIRED, LOGOUT]) expect(manifest[id], id).toBeDefined();
  });

  it("forced login: the closed pages and their forms send a logged-out visitor to /login and back; the open ones stay", async () => {
    env.backends.simulators!.legacy.overrideConfig("standard", { ModuleErzwingeLogin: true });
    await withBff(async (bff) => {
      for (const route of routes.filter(({ id }) => !AGENCY.test(id) && id !== LOGOUT)) {
        const closed = !OPEN.has(route.id);
        if (route.module.loader) {
          const where = await redirectOf(bff, route, "GET");
          if (closed) expect(where, route.id).toBe(loginFor(route.path));
          else expect(where ?? "", route.id).not.toMatch(/^\/login/);
        }
        if (!route.module.action || !closed) continue;
        const where = await redirectOf(bff, route, "POST");
        expect(where, `${route.id} (post)`).toBe(loginFor(route.path));
      }
    });
  });

  it("without forced login only the login-required pages send a logged-out visitor to /login", async () => {
    await withBff(async (bff) => {
      for (const route of routes.filter(({ module, id }) => module.loader && id !== LOGOUT)) {
        const where = await redirectOf(bff, route, "GET");
        if (LOGIN_REQUIRED.has(route.id)) expect(where, route.id).toBe(loginFor(route.path));
        else expect(where ?? "", route.id).not.toMatch(/^\/login/);
      }
    });
  });
});

it.skipIf(onRealBackend)("the logout, opened or posted while logged out, goes straight to /login", async () => {
  const logout = routes.find(({ id }) => id === LOGOUT)!;
  await withBff(async (bff) => {
    expect(await redirectOf(bff, logout, "GET")).toBe("/login");
    expect(await redirectOf(bff, logout, "POST")).toBe("/login");
  });
  env.backends.simulators!.legacy.overrideConfig("standard", { ModuleErzwingeLogin: true });
  expect(await withBff((bff) => redirectOf(bff, logout, "GET"))).toBe("/login");
});

async function rootLoader(path: string, cookies: string[] = []) {
  const { bff } = bffOver(env.backends);
  try {
    const result = await loader({
      request: pageRequest("standard", path, { cookies }),
      params: {},
      context: createLoadContext(bff, { cspNonce: "n", requestId: "r" }),
    });
    return result.data;
  } catch (thrown) {
    return thrown;
  } finally {
    await bff.close();
  }
}

/** A page's own loader, as Remix calls it: its data, or the response it threw. */
async function pageLoader(id: string, path: string, cookies: string[] = []) {
  const { bff } = bffOver(env.backends);
  const route = routes.find((candidate) => candidate.id === id)!;
  try {
    const request = pageRequest("standard", path, { cookies });
    return await route.module.loader!({
      request,
      params: { empfehlungsnummer: path.split("/")[2] },
      context: createLoadContext(bff, { cspNonce: "n", requestId: "r" }),
    });
  } catch (thrown) {
    return thrown;
  } finally {
    await bff.close();
  }
}

onSimulatorOnly("forced login in the pages' own loaders", () => {
  it("sends a logged-out visitor of a closed page to /login, and lets open pages and logged-in users through", async () => {
    env.backends.simulators!.legacy.overrideConfig("standard", { ModuleErzwingeLogin: true });
    const closed = (await pageLoader("routes/persoenlicherbereich", "/persoenlicherbereich")) as Response;
    expect(closed.status).toBe(302);
    expect(closed.headers.get("Location")).toBe("/login?redirectTo=%2Fpersoenlicherbereich");
    expect(await pageLoader("routes/code", "/code")).not.toBeInstanceOf(Response);
    const user = env.bff.cookies.user.write(pageRequest("standard"), {
      token: "t",
      vorname: "Anna",
      nachname: "S",
      email: "a@example.org",
      newsletterPermission: false,
    });
    expect(await pageLoader("routes/_index", "/", [user])).not.toBeInstanceOf(Response);
    expect(await rootLoader("/", [user])).toMatchObject({ user: { vorname: "Anna" } });
  });

  it("leaves every page open without the flag", async () => {
    expect(await pageLoader("routes/_index", "/")).not.toBeInstanceOf(Response);
    expect(await rootLoader("/")).toMatchObject({ user: null });
  });
});

onSimulatorOnly("autologin mode", () => {
  const redirectOf = (result: unknown) => (result instanceof Response ? result.headers.get("Location") : null);
  const passwordForm = (id: string) => (manifestModule(id).handle as AutologinNoticeHandle | undefined)?.passwordForm ?? false;

  it("sends a logged-out visitor of a login-required page home, not to /login", async () => {
    env.backends.simulators!.legacy.overrideConfig("standard", { IsAutologin: true });
    expect(redirectOf(await pageLoader("routes/persoenlicherbereich", "/persoenlicherbereich"))).toBe("/");
    expect(redirectOf(await pageLoader("routes/empfehlung.$empfehlungsnummer", "/empfehlung/ST-100003"))).toBe("/");
    expect(await rootLoader("/code")).toMatchObject({ autologin: true });
    expect(passwordForm("routes/code")).toBe(false);
  });

  it("lets the password pages through unchanged, flagged so that they show the notice instead of their form", async () => {
    env.backends.simulators!.legacy.overrideConfig("standard", { IsAutologin: true });
    for (const path of ["/login", "/registrieren", "/passwortvergessen", "/passwortsetzen"]) {
      expect(await rootLoader(path)).toMatchObject({ autologin: true });
      expect(passwordForm(`routes${path}`)).toBe(true);
    }
  });

  it("logs in again with the stored admin token when the session has ended, and drops a token the backend refuses", async () => {
    env.backends.simulators!.legacy.overrideConfig("standard", { IsAutologin: true });
    const [token] = env.backends.fixtures.standard.adminLoginTokens;
    const again = (await rootLoader("/persoenlicherbereich?x=1", [
      env.bff.cookies.autologin.write(pageRequest("standard"), { token }),
    ])) as Response;
    expect(again.headers.get("Location")).toBe("/persoenlicherbereich?x=1");
    expect(again.headers.get("Set-Cookie")).toMatch(/^rp_session=/);

    const refused = (await rootLoader("/", [
      env.bff.cookies.autologin.write(pageRequest("standard"), { token: "adm-unknown-0000" }),
    ])) as Response;
    expect(refused.headers.get("Location")).toBe("/");
    expect(refused.headers.get("Set-Cookie")).toMatch(/^rp_autologin=; Max-Age=0/);
  });

  it("ignores a stored token and the notice outside autologin mode", async () => {
    const [token] = env.backends.fixtures.standard.adminLoginTokens;
    expect(await rootLoader("/login", [env.bff.cookies.autologin.write(pageRequest("standard"), { token })])).toMatchObject({
      user: null,
      autologin: false,
    });
  });
});

onSimulatorOnly("autologin mode in the password actions", () => {
  it("refuses a posted login form, and keeps the admin token of a token login", async () => {
    env.backends.simulators!.legacy.overrideConfig("standard", { IsAutologin: true });
    const { bff } = bffOver(env.backends);
    try {
      const args = { params: {}, context: createLoadContext(bff, { cspNonce: "n", requestId: "r" }) };
      const post = pageRequest("standard", "/login", {
        method: "POST",
        body: new URLSearchParams({ email: "demo@standard.example", password: "Demo1234" }),
      });
      await expect(loginAction({ ...args, request: post })).rejects.toMatchObject({ status: 403 });

      const [token] = env.backends.fixtures.standard.adminLoginTokens;
      const thrown = await adminTokenLoader({
        ...args,
        params: { adminLoginToken: token },
        // Opened by the browser itself (a mail program's link): it signs in at once.
        request: pageRequest("standard", `/login/${token}`, { headers: { "Sec-Fetch-Site": "none" } }),
      }).catch((error: unknown) => error);
      expect((thrown as Response).headers.getSetCookie().some((cookie) => cookie.startsWith("rp_autologin="))).toBe(true);
    } finally {
      await bff.close();
    }
  });
});
