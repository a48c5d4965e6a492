// What the Node server hands every loader and action (bff/portal/load-context.server.ts, server/app.ts).
import type { LoadContext } from "#bff/portal/load-context.server";

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Remix's load context is this one, declared by merging
  interface AppLoadContext extends LoadContext {}
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
