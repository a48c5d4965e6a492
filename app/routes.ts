// The routes are the files in app/routes, by Remix 2's flat-routes convention (v3_routeConfig), and
// the aliases of app/route-aliases.ts.
import { flatRoutes } from "@remix-run/fs-routes";
import { route, type RouteConfig } from "@remix-run/route-config";
import { routeAliases } from "./route-aliases";

export default [
  ...(await flatRoutes({ ignoredRouteFiles: ["**/.*", "**/*.test.*"] })),
  ...routeAliases.map(({ path, file, id }) => route(path, file, { id })),
] satisfies RouteConfig;
