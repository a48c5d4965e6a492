// What the Node server hands every loader and action (see server/app.ts).
import type { Bff } from "#bff/portal/services.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    bff: Bff;
    cspNonce: string;
    requestId: string;
  }
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
