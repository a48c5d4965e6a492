// The portal's build: Remix's Vite plugin with every future flag of Remix 2 (remix-future.ts).
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { pathAliases } from "./path-aliases";
import { remixFuture } from "./remix-future";

export default defineConfig({
  resolve: { alias: pathAliases },
  plugins: [
    remix({
      serverModuleFormat: "esm",
      future: remixFuture,
    }),
  ],
});
