// The adapter hands MSW only the handlers whose method and path can match: MSW must still answer
// exactly as it would with every handler (first match wins, params, wildcards, `once`, handlers
// added or removed between requests).
import { http, HttpResponse, type RequestHandler } from "msw";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type LoopbackServer, serveHandlers } from "./http-adapter";

let handlers: RequestHandler[] = [];
let server: LoopbackServer;

beforeAll(async () => {
  server = await serveHandlers(() => handlers);
});
afterAll(() => server.close());
beforeEach(() => {
  handlers = [];
});

const reply = (name: string) => () => HttpResponse.json({ name });

async function answer(path: string, method = "GET") {
  const response = await fetch(`${server.url}${path}`, { method });
  return response.status === 404 ? 404 : ((await response.json()) as { name: string }).name;
}

describe("the simulator's handler selection", () => {
  it("picks the first handler whose method and path match, as MSW does", async () => {
    handlers = [
      http.post("*/api/v1/empfehlen/:id", reply("post")),
      http.get("*/api/v1/empfehlen/:id", reply("get by id")),
      http.get("*/api/v1/empfehlen/*", reply("get wildcard")),
      http.all("*/api/v1/*", reply("any method")),
    ];
    expect(await answer("/api/v1/empfehlen/TK-1")).toBe("get by id");
    expect(await answer("/api/v1/empfehlen/TK-1", "POST")).toBe("post");
    expect(await answer("/api/v1/empfehlen/TK-1/weiter")).toBe("get wildcard");
    expect(await answer("/api/v1/empfehlen/TK-1", "DELETE")).toBe("any method");
    expect(await answer("/api/v2/empfehlen/TK-1")).toBe(404);
  });

  it("hands the path's parameters to the handler", async () => {
    handlers = [http.get("*/api/v1/produkt/:id/bild/:kind", ({ params }) => HttpResponse.json({ name: `${params.id}:${params.kind}` }))];
    expect(await answer("/api/v1/produkt/42/bild/gross")).toBe("42:gross");
  });

  it("sees handlers added in front, and drops handlers removed, between two requests on the same path", async () => {
    handlers = [http.get("*/api/v1/konfiguration", reply("seed"))];
    expect(await answer("/api/v1/konfiguration")).toBe("seed");
    handlers = [http.get("*/api/v1/konfiguration", reply("override")), ...handlers];
    expect(await answer("/api/v1/konfiguration")).toBe("override");
    handlers = [];
    expect(await answer("/api/v1/konfiguration")).toBe(404);
  });

  it("lets a `once` handler answer once, then the next one", async () => {
    handlers = [http.get("*/api/v1/status", reply("fault"), { once: true }), http.get("*/api/v1/status", reply("normal"))];
    expect(await answer("/api/v1/status")).toBe("fault");
    expect(await answer("/api/v1/status")).toBe("normal");
  });

  it("goes on to the next handler when one returns nothing", async () => {
    handlers = [http.get("*/api/v1/status", () => undefined), http.get("*/api/v1/status", reply("next"))];
    expect(await answer("/api/v1/status")).toBe("next");
  });

  it("has MSW answer without a clone of each request (under load the clones kept the simulators collecting), and a handler still reads the body", async () => {
    handlers = [http.post("*/api/v1/echo", async ({ request }) => HttpResponse.json(await request.json()))];
    const clone = vi.spyOn(Request.prototype, "clone");
    try {
      const response = await fetch(`${server.url}/api/v1/echo`, { method: "POST", body: JSON.stringify({ name: "read" }) });
      expect(((await response.json()) as { name: string }).name).toBe("read");
      expect(clone).not.toHaveBeenCalled();
    } finally {
      clone.mockRestore();
    }
  });
});
