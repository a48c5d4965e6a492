// Every future flag of Remix 2 that React Router 7 makes the default, so that moving to React Router 7
// is a change of dependencies. The build (vite.config.ts) and the tests that read the route list use them.
export const remixFuture = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
  v3_routeConfig: true,
} as const;
