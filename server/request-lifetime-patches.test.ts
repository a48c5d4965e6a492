// The patches to @remix-run/server-runtime and turbo-stream (decision 060): what a request leaves
// behind ends with it. A loader gets the request Remix was given when its URL has none of the
// parameters Remix strips (a copy follows the request's signal: an AbortController, a listener and a
// FinalizationRegistry entry per loader, whose clean-up, thousands at once after a full garbage
// collection, held the event loop for a fifth of a second at 200 pages a second); single fetch's
// timeout ends once the data is encoded instead of firing five seconds later.
import { createRequestHandler } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { twoRouteBuild } from "../tests/support/two-route-remix-build";

afterEach(() => {
  vi.useRealTimers();
});

async function requestSeenByLoader(url: string) {
  let seen: Request | undefined;
  const handle = createRequestHandler(
    twoRouteBuild({
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
    const handle = createRequestHandler(twoRouteBuild({ page: () => ({ greeting: "Hallo" }) }));

    const response = await handle(new Request("http://portal.test/p.data", { signal: new AbortController().signal }));

    expect(await response.text()).toContain("Hallo");
    expect(vi.getTimerCount()).toBe(0);
  });
});
