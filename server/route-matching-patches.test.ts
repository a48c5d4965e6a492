// The patches in patches/ (applied by `npm install`'s postinstall) keep Remix's per-request route
// work: ranked branches per route tree, each path's regular expression, the server routes and the
// static router's data routes. These tests prove they are applied and that matching still answers
// as before when the same tree is matched again and again.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

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
});
