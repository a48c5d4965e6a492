import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { responseForFailure } from "../app/route-failures.server";
import { LegacyApiError, SessionEndedError, UpstreamUnavailableError } from "../bff/legacy/errors";
import { createSealer } from "../bff/platform/seal.server";
import { createLoadContext } from "../bff/portal/load-context.server";
import type { Bff } from "../bff/portal/services.server";
import { createChoiceCookies } from "../bff/session/choice-cookies.server";
import { createKeptChoices } from "../bff/session/kept-choices.server";
import type { PortalBuild } from "./portal-build";
import { withFailuresAsResponses } from "./route-failures";

type Loader = NonNullable<ServerBuild["routes"][string]["module"]["loader"]>;
const args = {
  request: new Request("http://portal.test/"),
  params: {},
  context: { requestId: "req-42" },
} as unknown as Parameters<Loader>[0];

function buildWith(loader?: Loader): PortalBuild {
  return {
    entry: { module: { responseForFailure } },
    routes: { page: { id: "page", path: "page", module: { default: () => null, ...(loader ? { loader } : {}) } } },
  } as unknown as PortalBuild;
}

async function thrownBy(build: PortalBuild) {
  try {
    await build.routes.page.module.loader!(args);
  } catch (thrown) {
    return thrown as { type: string; data: unknown; init: { status: number } };
  }
  throw new Error("the loader did not throw");
}

describe("loaders that fail upstream", () => {
  it("throw the failure as a response, with the request id as its reference: 503 when the backend cannot be reached", async () => {
    const thrown = await thrownBy(
      withFailuresAsResponses(buildWith(() => Promise.reject(new UpstreamUnavailableError("getRecommendation", "timeout")))),
    );
    expect(thrown.data).toEqual({ messageKey: "network", requestId: "req-42" });
    expect(thrown.init.status).toBe(503);
  });

  it("502 with the legacy error's message when the backend answered 500", async () => {
    const thrown = await thrownBy(
      withFailuresAsResponses(buildWith(() => Promise.reject(new LegacyApiError("getRewards", 500, "PSOF0001", "technical")))),
    );
    expect(thrown.data).toEqual({ messageKey: "technical", requestId: "req-42" });
    expect(thrown.init.status).toBe(502);
  });

  it("keep the backend's own client error status, with its message: a 404 stays a 404", async () => {
    const thrown = await thrownBy(
      withFailuresAsResponses(buildWith(() => Promise.reject(new LegacyApiError("getReport", 404, undefined, "technical")))),
    );
    expect(thrown.data).toEqual({ messageKey: "technical", requestId: "req-42" });
    expect(thrown.init.status).toBe(404);
  });

  it("wrap the actions too: a session the backend ended sends the visitor to sign in again", async () => {
    const sealer = createSealer(["route-failures-test-secret"]);
    const bff = {
      config: { pageDeadlineMs: 8_000 },
      cookies: {},
      keptChoices: createKeptChoices(sealer, createChoiceCookies({ sealer, secure: false }), async () => true),
    } as unknown as Bff;
    const build = withFailuresAsResponses({
      entry: { module: { responseForFailure } },
      routes: { page: { id: "page", path: "page", module: { action: () => Promise.reject(new SessionEndedError("agency")) } } },
    } as unknown as PortalBuild);
    const context = createLoadContext(bff, { requestId: "r", cspNonce: "n" });
    const thrown = await Promise.resolve()
      .then(() => build.routes.page.module.action!({ ...args, context }))
      .catch((error: unknown) => error);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/agentur/anmelden?redirectTo=%2F&hinweis=sitzung-beendet");
  });

  it("pass any other error and the loader's own replies on untouched", async () => {
    const bug = new TypeError("a bug");
    await expect(withFailuresAsResponses(buildWith(() => Promise.reject(bug))).routes.page.module.loader!(args)).rejects.toBe(bug);
    await expect(withFailuresAsResponses(buildWith(() => ({ fine: true }))).routes.page.module.loader!(args)).resolves.toEqual({
      fine: true,
    });
    expect(withFailuresAsResponses(buildWith()).routes.page.module.loader).toBeUndefined();
  });
});
