// The patches to @remix-run/server-runtime and turbo-stream (decision 060): what a request leaves
// behind ends with it. A loader gets the request Remix was given when its URL has none of the
// parameters Remix strips (a copy follows the request's signal: an AbortController, a listener and a
// FinalizationRegistry entry per loader, whose clean-up, thousands at once after a full garbage
// collection, held the event loop for a fifth of a second at 200 pages a second); single fetch's
// timeout ends once the data is encoded instead of firing five seconds later.
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.useRealTimers();
});

type Loader = (args: { request: Request }) => unknown;
type RouteModule = { default?: () => null; loader?: Loader };
type Route = { id: string; parentId?: string; path: string; module: RouteModule };

/** A build of a resource route `/r` (no component) and a page `/p` (its data by single fetch), with their loaders. */
function buildWith(loaders: { resource?: Loader; page?: Loader }): ServerBuild {
  const routes: Record<string, Route> = {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/r": { id: "routes/r", parentId: "root", path: "r", module: { loader: loaders.resource } },
    "routes/p": { id: "routes/p", parentId: "root", path: "p", module: { default: () => null, loader: loaders.page } },
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
    entry: { module: { default: () => new Response("page") } },
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

async function requestSeenByLoader(url: string) {
  let seen: Request | undefined;
  const handle = createRequestHandler(
    buildWith({
      resource: ({ request }) => {
        seen = request;
        return new Response("ok");
      },
    }),
  );
  const given = new Request(url, { signal: new AbortController().signal });
  const response = await handle(given);
  expect(await response.text()).toBe("ok");
  return { given, seen: seen! };
}

describe("the request a loader gets", () => {
  it("is the request Remix was given when there is nothing to strip", async () => {
    const { given, seen } = await requestSeenByLoader("http://portal.test/r?lng=de&a=b%20c");

    expect(seen).toBe(given);
  });

  it("is still a copy without Remix's own parameters when the URL has them", async () => {
    const { given, seen } = await requestSeenByLoader("http://portal.test/r?lng=de&_routes=routes%2Fr&index=");

    expect(seen).not.toBe(given);
    expect(seen.url).toBe("http://portal.test/r?lng=de");
  });
});

describe("single fetch's timeout", () => {
  it("ends once the data is encoded: no timer is left to fire", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const handle = createRequestHandler(buildWith({ page: () => ({ greeting: "Hallo" }) }));

    const response = await handle(new Request("http://portal.test/p.data", { signal: new AbortController().signal }));

    expect(await response.text()).toContain("Hallo");
    expect(vi.getTimerCount()).toBe(0);
  });
});
