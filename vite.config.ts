// The portal's build: Remix's Vite plugin with every future flag of Remix 2 that React Router 7
// makes the default, so that moving to React Router 7 is a change of dependencies.
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { pathAliases } from "./path-aliases";

export default defineConfig({
  resolve: { alias: pathAliases },
  plugins: [
    remix({
      serverModuleFormat: "esm",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
});
