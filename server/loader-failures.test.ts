import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { LegacyApiError, UpstreamUnavailableError } from "../bff/core/errors";
import { withUpstreamFailuresAsResponses } from "./loader-failures";

type Loader = NonNullable<ServerBuild["routes"][string]["module"]["loader"]>;
const args = {
  request: new Request("http://portal.test/"),
  params: {},
  context: { requestId: "req-42" },
} as unknown as Parameters<Loader>[0];

function buildWith(loader?: Loader): ServerBuild {
  return {
    routes: { page: { id: "page", path: "page", module: { default: () => null, ...(loader ? { loader } : {}) } } },
  } as unknown as ServerBuild;
}

async function thrownBy(build: ServerBuild) {
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
      withUpstreamFailuresAsResponses(buildWith(() => Promise.reject(new UpstreamUnavailableError("getRecommendation", "timeout")))),
    );
    expect(thrown.data).toEqual({ messageKey: "network", requestId: "req-42" });
    expect(thrown.init.status).toBe(503);
  });

  it("502 with the legacy error's message when the backend answered 500", async () => {
    const thrown = await thrownBy(
      withUpstreamFailuresAsResponses(buildWith(() => Promise.reject(new LegacyApiError("getRewards", 500, "PSOF0001", "technical")))),
    );
    expect(thrown.data).toEqual({ messageKey: "technical", requestId: "req-42" });
    expect(thrown.init.status).toBe(502);
  });

  it("keep the backend's own client error status, with its message: a 404 stays a 404", async () => {
    const thrown = await thrownBy(
      withUpstreamFailuresAsResponses(buildWith(() => Promise.reject(new LegacyApiError("getReport", 404, undefined, "technical")))),
    );
    expect(thrown.data).toEqual({ messageKey: "technical", requestId: "req-42" });
    expect(thrown.init.status).toBe(404);
  });

  it("pass any other error and the loader's own replies on untouched", async () => {
    const bug = new TypeError("a bug");
    await expect(withUpstreamFailuresAsResponses(buildWith(() => Promise.reject(bug))).routes.page.module.loader!(args)).rejects.toBe(bug);
    await expect(withUpstreamFailuresAsResponses(buildWith(() => ({ fine: true }))).routes.page.module.loader!(args)).resolves.toEqual({
      fine: true,
    });
    expect(withUpstreamFailuresAsResponses(buildWith()).routes.page.module.loader).toBeUndefined();
  });
});
