// The Remix server build as the Node server uses it: Remix's parts, and bff/ (exported by
// app/entry.server.tsx), so that the server and the routes share one copy of bff/ and its classes.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { ViteDevServer } from "vite";
import type * as entryServer from "../app/entry.server";

export type PortalBuild = ServerBuild & { entry: { module: typeof entryServer } };

/** Development: Vite's build of the sources, loaded again after each edit; production: build/server. */
export async function loadPortalBuild(vite?: ViteDevServer): Promise<PortalBuild> {
  const build = vite
    ? await vite.ssrLoadModule("virtual:remix/server-build")
    : await import(pathToFileURL(resolve("build/server/index.js")).href);
  return build as PortalBuild;
}
