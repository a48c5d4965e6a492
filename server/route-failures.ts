// Every route's loader and action, wrapped once: what it throws is turned into what the visitor
// should get by the build's own responseForFailure (app/route-failures.server.ts), so the error
// classes it checks are the ones the server's bff/ throws. The routes' own catches sit inside the
// wrapper and work as before.
import type { ActionFunction, LoaderFunction } from "@remix-run/node";
import type { PortalBuild } from "./portal-build";

type Handler = LoaderFunction | ActionFunction;

function failingAsResponses<H extends Handler>(handler: H, { responseForFailure }: PortalBuild["entry"]["module"]): H {
  const wrapped: Handler = async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      throw await responseForFailure(error, args);
    }
  };
  return wrapped as H;
}

export function withFailuresAsResponses(build: PortalBuild): PortalBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { loader, action } = route.module;
      const module = {
        ...route.module,
        ...(loader ? { loader: failingAsResponses(loader, build.entry.module) } : {}),
        ...(action ? { action: failingAsResponses(action, build.entry.module) } : {}),
      };
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}
