// The language switch's action: it stores only a language the tenant's backend offers.
import { describe, expect, it } from "vitest";
import { action as switchLanguage } from "../../app/routes/sprache";
import { formTokenFor } from "../../bff/portal/form-token.server";
import { createLoadContext } from "../../bff/portal/load-context.server";
import { backendsForSuite, onRealBackend, pageRequest } from "../support/backends";

const env = backendsForSuite();

describe("the language switch", () => {
  it.skipIf(onRealBackend)("let the language switch store only a language the tenant offers", async () => {
    const switchTo = async (tenant: string, lng: string) => {
      const { token, setCookie } = formTokenFor(pageRequest(tenant), env.bff);
      const request = pageRequest(tenant, "/sprache", {
        method: "POST",
        body: new URLSearchParams({ lng, redirectTo: "/faq", formToken: token }),
        cookies: [setCookie!],
      });
      const response = (await switchLanguage({
        request,
        params: {},
        context: createLoadContext(env.bff, { cspNonce: "n", requestId: "r" }),
      })) as Response;
      return [response.headers.get("Location"), response.headers.get("Set-Cookie")?.split(";")[0] ?? null];
    };
    expect(await switchTo("friday", "en")).toEqual(["/faq", null]);
    expect(await switchTo("standard", "en")).toEqual(["/faq", expect.stringMatching(/^lng=/)]);
  });
});
