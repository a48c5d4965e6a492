// A Remix server build by hand, for tests of Remix's own request handling (the patches in `patches/`):
// a resource route `/r` (no component) and a page `/p` (its data by single fetch), with their loaders.
import type { ServerBuild } from "@remix-run/node";
import type { ComponentType } from "react";

export type Loader = (args: { request: Request }) => unknown;
type RouteModule = { default?: ComponentType; loader?: Loader };
type Route = { id: string; parentId?: string; path: string; module: RouteModule };
type Entry = (request: Request, status: number, headers: Headers, context: unknown) => Response | Promise<Response>;

const Nothing = () => null;

export function twoRouteBuild(
  loaders: { resource?: Loader; page?: Loader },
  { entry = () => new Response("page"), root = Nothing }: { entry?: Entry; root?: ComponentType } = {},
): ServerBuild {
  const routes: Record<string, Route> = {
    root: { id: "root", path: "", module: { default: root } },
    "routes/r": { id: "routes/r", parentId: "root", path: "r", module: { loader: loaders.resource } },
    "routes/p": { id: "routes/p", parentId: "root", path: "p", module: { default: Nothing, loader: loaders.page } },
  };
  const manifestRoute = ({ module, ...route }: Route) =>
    Object.assign(route, {
      module: "",
      hasAction: false,
      hasLoader: Boolean(module.loader),
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: false,
    });
  return {
    mode: "production",
    entry: { module: { default: entry } },
    routes,
    assets: {
      entry: { module: "", imports: [] },
      routes: Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, manifestRoute(route)])),
      url: "",
      version: "1",
    },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "",
    future: { v3_singleFetch: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
}
