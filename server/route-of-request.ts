// Which route of the Remix build answers a request, found the way Remix finds it: single fetch's
// `.data` suffix removed, percent-encoding decoded, letter case and trailing slashes ignored, and for
// a post the index route only with `?index`. Rate limits count this route, not the spelling of the
// address (docs/security.md, abuse), and the metrics label requests with it.
import type { ServerBuild } from "@remix-run/node";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import type { RequestHandler } from "express";

type RouteNode = AgnosticRouteObject & { id: string };

/** The build's route manifest as the nested routes React Router matches. */
export function routeTree(manifest: ServerBuild["routes"], parentId?: string): RouteNode[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const node = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
      return route.index ? { ...node, index: true } : { ...node, children: routeTree(manifest, route.id) };
    });
}

export function createRouteOfRequest(build: Pick<ServerBuild, "routes">) {
  const routes = routeTree(build.routes);
  /** The id of the route whose loader (GET) or action (any other method) answers `originalUrl`; null when none matches. */
  return (method: string, originalUrl: string): string | null => {
    // As Remix's adapter builds the URL: the path appended to an origin, so `//x` stays a path.
    const url = new URL(`http://portal.invalid${originalUrl}`);
    const pathname = url.pathname.endsWith(".data") ? url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") : url.pathname;
    const matches = matchRoutes(routes, pathname);
    if (!matches) return null;
    const last = matches[matches.length - 1].route as RouteNode;
    const wantsIndex = url.searchParams.getAll("index").some((value) => value === "");
    if (method !== "GET" && method !== "HEAD" && last.index && !wantsIndex)
      return (matches[matches.length - 2]?.route as RouteNode | undefined)?.id ?? null;
    return last.id;
  };
}
export type RouteOfRequest = ReturnType<typeof createRouteOfRequest>;

/** Names each request's route once (`res.locals.route`), for the rate limits and the metrics alike. */
export function nameRoute(routeOf: RouteOfRequest): RequestHandler {
  return (req, res, next) => {
    res.locals.route = routeOf(req.method, req.originalUrl);
    next();
  };
}
