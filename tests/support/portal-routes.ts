// The portal's own route list (app/routes, read the way Remix reads it), each route as a path a
// browser can ask for: tests that walk every route pick up a new one without being touched.
import { resolveConfig } from "@remix-run/dev/dist/config.js";
import type { ServerBuild } from "@remix-run/node";
import { routeAliases } from "../../app/route-aliases";
import { remixFuture } from "../../remix-future";

type ManifestRoute = { id: string; path?: string; index?: boolean; parentId?: string };

/** A value for each route parameter that reaches the route's own loader. */
const SAMPLE_PARAMS: Record<string, string> = {
  empfehlungsnummer: "TK-100001",
  empfaengernummer: "1",
  produktId: "633",
  id: "633",
  hex: "abc",
  report: "empfehlungen",
  externeId: "B-1",
  owner: "produkt",
  kind: "grafik",
  praemieid: "101",
  adminLoginToken: "adm-unknown",
  choice: "optout",
  tenant: "telekom",
};
/**
 * The route manifest as the build has it: app/routes read by Remix's flat-routes convention (which
 * app/routes.ts names) and the aliases it adds, with the build's future flags.
 */
export async function portalRouteManifest(): Promise<ServerBuild["routes"]> {
  // Without v3_routeConfig Remix reads app/routes itself, by the same convention, and needs no Vite server.
  const { v3_routeConfig: _, ...future } = remixFuture;
  const routes = (await resolveConfig({ future }, { rootDirectory: process.cwd() })).routes as unknown as ServerBuild["routes"];
  // The aliases app/routes.ts adds to the convention's routes.
  const aliases = routeAliases.map(({ path, file, id }) => [id, { ...routes[file.replace(/\.tsx$/, "")], id, path, parentId: "root" }]);
  return { ...routes, ...Object.fromEntries(aliases) };
}

export async function portalPaths() {
  const routes = (await portalRouteManifest()) as unknown as Record<string, ManifestRoute>;
  const pathOf = (route: ManifestRoute): string => {
    const parent = route.parentId ? pathOf(routes[route.parentId]) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.values(routes)
    .filter((route) => route.id !== "root")
    .map((route) => {
      const path = pathOf(route)
        .replace(/:(\w+)\?/g, (_all, name: string) => SAMPLE_PARAMS[name] ?? "")
        .replace(/:(\w+)/g, (_all, name: string) => SAMPLE_PARAMS[name] ?? "x")
        .replace(/\*$/, "gibt-es-nicht")
        .replace(/\/+$/, "");
      return { id: route.id, path: `/${path}` };
    });
}
