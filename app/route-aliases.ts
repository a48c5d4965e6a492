// Other spellings people type for a route, each the route's own module at another address: declared in
// the route configuration (app/routes.ts), not as route files of their own.
export const routeAliases = [
  // The offline-code page's address as people spell it in English.
  { path: "exclusiv", file: "routes/exklusiv.tsx", id: "routes/exclusiv" },
] as const;
