// The patches to @remix-run/react (decision 064): the manifest a page inlines, as JSON, and the links of
// its matched routes are made once for each set of routes (and the paths above the page), not on every
// page. These tests prove the kept answers are the ones Remix would make again, for every page of the portal.
import { createRequire } from "node:module";
import type { AgnosticDataRouteMatch, AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { portalPaths, portalRouteManifest } from "../tests/support/portal-routes";
import { routeTree } from "./route-of-request";

// The CommonJS builds, as the server loads them (the browser's builds are not patched).
const require = createRequire(import.meta.url);
const { matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");
type Manifest = { routes: Record<string, object> };
type Router = {
  routes: AgnosticRouteObject[];
  basename: string;
  state: { matches: AgnosticDataRouteMatch[]; location: { pathname: string } };
};
const { getPartialManifest, partialManifestJson } = require("@remix-run/react/dist/fog-of-war.js") as {
  getPartialManifest: (manifest: Manifest, router: Router) => unknown;
  partialManifestJson: (manifest: Manifest, router: Router) => string;
};
type Links = (matches: { route: { id: string } }[], routeModules: object, manifest: object) => unknown;
const { keyedLinksOf } = require("@remix-run/react/dist/components.js") as { keyedLinksOf: Links };
const { getKeyedLinksForMatches } = require("@remix-run/react/dist/links.js") as { getKeyedLinksForMatches: Links };

/** A server's static router, as far as the partial manifest reads it, on `pathname`. */
function routerOn(routes: AgnosticRouteObject[], pathname: string): Router {
  const matches = (matchRoutes(routes, pathname) ?? []) as AgnosticDataRouteMatch[];
  return { routes, basename: "/", state: { matches, location: { pathname } } };
}

describe("the manifest a page inlines", () => {
  it("is, for every page of the portal and the pages below them, the JSON Remix makes of it each time", async () => {
    const manifest = { routes: await portalRouteManifest() };
    const routes = routeTree(manifest.routes) as AgnosticRouteObject[];
    const paths = (await portalPaths()).flatMap(({ path }) => [path, `${path}/mehr`, path.replace(/[A-Z]{2}-1000\d\d/, "ST-100003")]);
    expect(paths.length).toBeGreaterThan(150);
    for (let round = 0; round < 2; round++) {
      for (const path of paths) {
        const router = routerOn(routes, path);
        expect(partialManifestJson(manifest, router), path).toBe(JSON.stringify(getPartialManifest(manifest, router), null, 2));
      }
    }
  });

  it("keeps another build's manifest apart", async () => {
    const routes = routeTree(await portalRouteManifest()) as AgnosticRouteObject[];
    const router = routerOn(routes, "/empfaengerdaten/ST-100003");
    const first = { routes: await portalRouteManifest() };
    const second = { routes: { ...first.routes, root: { ...first.routes.root, module: "/assets/root-2.js" } } };

    expect(partialManifestJson(first, router)).not.toContain("root-2.js");
    expect(partialManifestJson(second, router)).toContain("root-2.js");
  });
});

describe("the links of a page's routes", () => {
  const manifest = {
    routes: {
      root: { id: "root", module: "/root.js", css: ["/root.css"], imports: [] },
      a: { id: "a", module: "/a.js", css: ["/a.css"], imports: ["/shared.js"] },
      b: { id: "b", module: "/b.js", imports: [] },
    },
  };
  const routeModules = {
    root: { links: () => [{ rel: "icon", href: "/favicon.ico" }] },
    a: { links: () => [{ rel: "stylesheet", href: "/extra.css" }] },
    b: {},
  };
  const matched = (...ids: string[]) => ids.map((id) => ({ route: { id } }));

  it("are Remix's for each set of routes, asked again and again", () => {
    for (let round = 0; round < 2; round++) {
      for (const ids of [["root"], ["root", "a"], ["root", "b"], ["root", "a", "b"]]) {
        expect(keyedLinksOf(matched(...ids), routeModules, manifest), ids.join()).toEqual(
          getKeyedLinksForMatches(matched(...ids), routeModules, manifest),
        );
      }
    }
    expect(keyedLinksOf(matched("root", "a"), routeModules, manifest)).not.toEqual(
      keyedLinksOf(matched("root", "b"), routeModules, manifest),
    );
  });
});
