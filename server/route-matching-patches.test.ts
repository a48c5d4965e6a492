// The patches in patches/ (applied by `npm install`'s postinstall) keep Remix's per-request route
// work: ranked branches per route tree, each path's regular expression, the server routes and the
// static router's data routes. These tests prove they are applied and that matching still answers
// as before when the same tree is matched again and again.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { portalRouteManifest } from "../tests/support/portal-routes";
import { routeTree } from "./route-of-request";

// The CommonJS builds, as the server loads them (the patches leave the browser's builds alone).
const require = createRequire(import.meta.url);
const { matchPath, matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");

const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "recipient", path: "empfaengerdaten/:empfehlungsnummer" },
      { id: "share", path: "empfehlen/:id/:hex" },
      { id: "optional", path: "praemie/:praemieid?" },
      { id: "splat", path: "*" },
    ],
  },
];
/** The untouched router: the browser's ES module build, which the patches leave alone. */
const unpatched = (await import(
  require.resolve("@remix-run/router").replace(/router\.cjs\.js$/, "router.js")
)) as typeof import("@remix-run/router");

type ManifestRoute = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; parentId?: string };

/** The portal's own route tree, as Remix builds it from app/routes. */
async function portalRoutes() {
  const routes = await portalRouteManifest();
  return { manifest: Object.values(routes) as ManifestRoute[], routes: routeTree(routes) };
}

/** Each route's path with its parameters filled in, and variants of it that test the edges. */
function pathsFor(manifest: ManifestRoute[]) {
  const fullPath = (route: ManifestRoute): string =>
    [route.parentId ? fullPath(manifest.find((parent) => parent.id === route.parentId)!) : "", route.path ?? ""].filter(Boolean).join("/");
  const filled = manifest.map(
    (route) =>
      `/${fullPath(route)
        .replace(/:(\w+)\?/g, "7")
        .replace(/:\w+/g, "AB-12")
        .replace(/\*$/, "x/y")}`,
  );
  return [
    ...filled,
    ...filled.map((path) => path.toUpperCase()),
    ...filled.map((path) => `${path}/`),
    ...filled.map((path) => `${path}/mehr`),
    ...filled.map((path) => path.replace(/^\/[^/]+/, "")),
    "/",
    "//",
    "//empfehlen",
    "/empfehlen//1",
    "/%C3%A4rger",
    "/empfehlen/%2F/x",
    "/praemie/",
    "/PRAEMIE/12",
    "/nicht/da",
    "relativ",
  ];
}

const summary = (matches: ReturnType<typeof unpatched.matchRoutes>) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase })) ?? null;

const ids = (path: string) => matchRoutes(routes, path)?.map((match) => match.route.id);

describe("Remix's route handling, patched", () => {
  it("is patched in the installed packages", () => {
    const source = (module: string) => readFileSync(require.resolve(module), "utf8");
    expect(source("@remix-run/router")).toContain("rankedBranchesByRoutes");
    expect(source("@remix-run/react/dist/routes.js")).toContain("serverRoutesByManifest");
    expect(source("react-router-dom/server.js")).toContain("dataRoutesByRoutes");
  });

  it("matches the same tree again with the right routes and parameters", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids("/")).toEqual(["root", "home"]);
      expect(ids("/empfaengerdaten/TK-100001")).toEqual(["root", "recipient"]);
      expect(matchRoutes(routes, "/EMPFEHLEN/7/ab12")?.[1].params).toEqual({ id: "7", hex: "ab12" });
      expect(ids("/praemie")).toEqual(["root", "optional"]);
      expect(matchRoutes(routes, "/praemie/5")?.[1].params).toEqual({ praemieid: "5" });
      expect(ids("/gibt/es/nicht")).toEqual(["root", "splat"]);
    }
  });

  it("keeps a changed route tree apart from the one matched before", () => {
    const other = [{ id: "only", path: "nur/:x" }];
    expect(matchRoutes(other, "/nur/1")?.[0].params).toEqual({ x: "1" });
    expect(matchRoutes(other, "/empfaengerdaten/TK-1")).toBeNull();
  });

  it("compiles a path once and still honours case and end", () => {
    expect(matchPath({ path: "/a/:b", caseSensitive: true }, "/A/1")).toBeNull();
    expect(matchPath({ path: "/a/:b" }, "/A/1")?.params).toEqual({ b: "1" });
    expect(matchPath({ path: "/a", end: false }, "/a/b")?.pathnameBase).toBe("/a");
    expect(matchPath({ path: "/a", end: true }, "/a/b")).toBeNull();
  });

  it("answers exactly as the untouched router for every route of the portal and the edges around them", async () => {
    const { manifest, routes: tree } = await portalRoutes();
    const paths = pathsFor(manifest);
    expect(paths.length).toBeGreaterThan(300);
    for (let round = 0; round < 2; round++) {
      for (const path of paths) expect(summary(matchRoutes(tree, path)), path).toEqual(summary(unpatched.matchRoutes(tree, path)));
    }
  });

  it("still saves the work it is for: a tree matched again is not walked again (the untouched router walks it every time)", () => {
    /** A route tree that counts every read of its routes, as flattening and ranking it would read them. */
    const counted = () => {
      let reads = 0;
      const watch = <T extends object>(target: T): T =>
        new Proxy(target, {
          get(object, key, receiver) {
            reads++;
            return Reflect.get(object, key, receiver);
          },
        });
      const watchTree = (tree: AgnosticRouteObject[]): AgnosticRouteObject[] =>
        watch(tree.map((route) => watch({ ...route, children: route.children && watchTree(route.children) } as AgnosticRouteObject)));
      return { tree: watchTree(routes), reads: () => reads };
    };
    const readsOfSecondMatch = (match: typeof matchRoutes) => {
      const { tree, reads } = counted();
      match(tree, "/empfaengerdaten/TK-100001");
      const first = reads();
      match(tree, "/empfaengerdaten/TK-100002");
      return { first, second: reads() - first };
    };
    const patched = readsOfSecondMatch(matchRoutes);
    const untouched = readsOfSecondMatch(unpatched.matchRoutes);
    expect(patched.first).toBeGreaterThan(0);
    expect(untouched.second).toBeGreaterThan(0);
    // An upgrade that drops the cache, or makes it miss, fails here.
    expect(patched.second).toBe(0);
  });
});
