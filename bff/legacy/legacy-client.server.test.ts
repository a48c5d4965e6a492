import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { delay, http, HttpResponse, type RequestHandler } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type LoopbackServer, serveHandlers } from "../../simulators/http-adapter";
import { throwAwayCertificate } from "../../tests/support/certificates";
import { startEgressProxy } from "../../tests/support/egress-proxy";
import { memoryLogger } from "../../tests/support/test-logger";
import { CONTRACT_DIALECT } from "../platform/config.server";
import { createMetrics } from "../platform/metrics.server";
import { runInTrace, traceOf } from "../platform/trace-context.server";
import {
  BackendBusyError,
  LegacyApiError,
  LinkEndedError,
  ReplyCutShortError,
  UpstreamContractError,
  UpstreamUnavailableError,
} from "./errors";
import { type CallContext, createLegacyClient, ownCopy, tokenForPath } from "./legacy-client.server";

let handlers: RequestHandler[] = [];
let server: LoopbackServer;
const seen: Request[] = [];

beforeAll(async () => {
  server = await serveHandlers(() => handlers);
});
afterAll(() => server.close());
afterEach(() => {
  handlers = [];
  seen.length = 0;
});

function record(reply: () => Response | Promise<Response>) {
  return ({ request }: { request: Request }) => {
    seen.push(request.clone());
    return reply();
  };
}

class SessionExpired extends Error {}

function context(overrides: Partial<CallContext> = {}): CallContext {
  return {
    backendUrl: server.url,
    apiRoute: "/friday",
    tenant: "friday",
    locale: "en",
    tokens: {},
    dialect: CONTRACT_DIALECT,
    onSessionExpired() {
      throw new SessionExpired();
    },
    ...overrides,
  };
}

function client(options: Partial<Parameters<typeof createLegacyClient>[0]> = {}) {
  return createLegacyClient({ timeoutMs: 1_000, connectTimeoutMs: 500, logger: memoryLogger().logger, retryDelayMs: 1, ...options });
}

const okSchema = z.object({ ok: z.boolean() });

describe("token choice", () => {
  const tokens = { user: "U", recipient: "R", reward: "W" };
  it("uses the reward token for reward and customer-number paths", () => {
    expect(tokenForPath("praemierung/", tokens)).toBe("W");
    expect(tokenForPath("empfehler/GetResultFromKundennummer/", tokens)).toBe("W");
    expect(tokenForPath("empfehler/SetKundennummerForEmpfehler/12", tokens)).toBe("W");
    expect(tokenForPath("praemierung/showbanner/BannerTEZuTP", tokens)).toBe("W");
  });
  it("sends the reward mail again with the recommender's own token", () => {
    expect(tokenForPath("empfehler/praemierungmail/FR-100001", tokens)).toBe("U");
  });
  it("uses the recipient token for recipient paths, else the user's", () => {
    expect(tokenForPath("empfaenger/bankdaten", tokens)).toBe("R");
    expect(tokenForPath("account/user", tokens)).toBe("U");
    expect(tokenForPath("account/user", { recipient: "R" })).toBe("R");
  });
  it("lets a recommender call without a login go with the reward token of a pickup", () => {
    expect(tokenForPath("empfehler/bankdaten/", { reward: "W" })).toBe("W");
    expect(tokenForPath("empfehler/bankdaten/", tokens)).toBe("U");
  });
  it("has no token for a reward path without a reward token", () => {
    expect(tokenForPath("praemierung/", { user: "U" })).toBeUndefined();
  });
});

describe("the legacy client", () => {
  it("sends the contract's headers and both authorization headers with the chosen token", async () => {
    handlers = [
      http.get(
        "*/api/v1/friday/praemierung/",
        record(() => HttpResponse.json({ ok: true })),
      ),
    ];
    const api = client().bind(context({ tokens: { user: "user-token", reward: "reward-token" }, requestId: "req-12345678" }));
    await api.request({ call: "t", base: "product", path: "praemierung/", schema: okSchema });
    const headers = seen[0].headers;
    expect(headers.get("x-requested-with")).toBe("XMLHttpRequest");
    expect(headers.get("x-accept-language")).toBe("en");
    expect(headers.get("authorization")).toBe("Bearer reward-token");
    expect(headers.get("x-authorization")).toBe("Bearer reward-token");
    expect(headers.get("x-request-id")).toBe("req-12345678");
  });

  it("carries the request's W3C trace on to the backend, the portal's span its parent", async () => {
    handlers = [
      http.get(
        "*/api/v1/friday/praemierung/",
        record(() => HttpResponse.json({ ok: true })),
      ),
    ];
    const trace = traceOf("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
    const api = client().bind(context({ tokens: {} }));
    await runInTrace(trace, () => api.request({ call: "t", base: "product", path: "praemierung/", schema: okSchema }));
    expect(seen[0].headers.get("traceparent")).toBe(`00-4bf92f3577b34da6a3ce929d0e0e4736-${trace.spanId}-01`);
    expect(trace.spanId).not.toBe("00f067aa0ba902b7");
  });

  it("omits both authorization headers when there is no token", async () => {
    handlers = [
      http.get(
        "*/api/v1/praemie",
        record(() => HttpResponse.json({ ok: true })),
      ),
    ];
    await client().bind(context()).request({ call: "t", path: "praemie", schema: okSchema });
    expect(seen[0].headers.has("authorization")).toBe(false);
    expect(seen[0].headers.has("x-authorization")).toBe(false);
  });

  it("builds general and product URLs under a backend path prefix", async () => {
    handlers = [
      http.get(
        "*/legacy/api/v1/friday/produkt/7/",
        record(() => HttpResponse.json({ ok: true })),
      ),
    ];
    const api = client().bind(context({ backendUrl: `${server.url}/legacy/` }));
    await expect(
      api.request({ call: "t", base: "product", path: "produkt/7/", query: { quelle: "web", x: undefined }, schema: okSchema }),
    ).resolves.toEqual({ ok: true });
    expect(new URL(seen[0].url).search).toBe("?quelle=web");
  });

  it("rejects a reply that breaks the contract schema, naming the call", async () => {
    handlers = [http.get("*/api/v1/praemie", () => HttpResponse.json({ ok: "yes" }))];
    const failure = client().bind(context()).request({ call: "getRewards", path: "praemie", schema: okSchema });
    await expect(failure).rejects.toBeInstanceOf(UpstreamContractError);
    await expect(failure).rejects.toMatchObject({ call: "getRewards", messageKey: "technical" });
  });

  it("rejects malformed JSON as a contract error", async () => {
    handlers = [http.get("*/api/v1/praemie", () => new HttpResponse("{not json", { headers: { "content-type": "application/json" } }))];
    await expect(client().bind(context()).request({ call: "t", path: "praemie", schema: okSchema })).rejects.toBeInstanceOf(
      UpstreamContractError,
    );
  });

  it("maps a legacy error code to its user message key", async () => {
    handlers = [http.post("*/api/v1/friday/account/login", () => HttpResponse.json({ Code: "PSOF0101" }, { status: 401 }))];
    const failure = client()
      .bind(context())
      .request({ call: "login", method: "POST", base: "product", path: "account/login", body: {}, schema: okSchema });
    await expect(failure).rejects.toBeInstanceOf(LegacyApiError);
    await expect(failure).rejects.toMatchObject({ code: "PSOF0101", messageKey: "wrongCredentials" });
  });

  it("ends the session on PSOF0204", async () => {
    handlers = [http.get("*/api/v1/friday/account/user", () => HttpResponse.json({ Code: "PSOF0204" }, { status: 401 }))];
    const api = client().bind(context({ tokens: { user: "u" } }));
    await expect(api.request({ call: "getUser", base: "product", path: "account/user", schema: okSchema })).rejects.toBeInstanceOf(
      SessionExpired,
    );
  });

  it("on PSOF0204 to a form's post, the error carries the cookies that end the session, for the form's reply", async () => {
    handlers = [http.put("*/api/v1/friday/empfehler/bankdaten", () => HttpResponse.json({ Code: "PSOF0204" }, { status: 401 }))];
    const ending = ["rp_session=; Max-Age=0"];
    const api = client().bind(context({ tokens: { user: "u" }, onSessionExpired: () => ending }));
    const failure = api.request({
      call: "saveBankData",
      base: "product",
      method: "PUT",
      path: "empfehler/bankdaten",
      body: {},
      schema: okSchema,
    });
    await expect(failure).rejects.toMatchObject({ messageKey: "sessionExpired", sessionEndCookies: ending });
  });

  it("gives up within its timeout when the backend never answers", async () => {
    handlers = [
      http.get("*/api/v1/praemie", async () => {
        await delay("infinite");
        return HttpResponse.json({ ok: true });
      }),
    ];
    const failure = client({ timeoutMs: 300 }).bind(context()).request({ call: "t", path: "praemie", schema: okSchema });
    await expect(failure).rejects.toMatchObject({ messageKey: "network", message: expect.stringContaining("timeout") });
  });

  it("retries a GET on 503 and succeeds", async () => {
    let calls = 0;
    handlers = [
      http.get("*/api/v1/praemie", () => (++calls < 3 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ ok: true }))),
    ];
    await expect(client().bind(context()).request({ call: "t", path: "praemie", schema: okSchema })).resolves.toEqual({ ok: true });
    expect(calls).toBe(3);
  });

  it("sends a POST that gets a 503 exactly once", async () => {
    let calls = 0;
    handlers = [
      http.post("*/api/v1/friday/account/login", () => {
        calls += 1;
        return HttpResponse.json({ Code: "PSOF0001" }, { status: 503 });
      }),
    ];
    const failure = client()
      .bind(context())
      .request({ call: "login", method: "POST", base: "product", path: "account/login", body: {}, schema: okSchema });
    await expect(failure).rejects.toMatchObject({ messageKey: "backendBusy", status: 503 });
    expect(calls).toBe(1);
  });

  it("does not retry when Retry-After asks for longer than the budget", async () => {
    let calls = 0;
    handlers = [
      http.get("*/api/v1/praemie", () => {
        calls += 1;
        return new HttpResponse(null, { status: 503, headers: { "retry-after": "120" } });
      }),
    ];
    const api = client().bind(context());
    await expect(api.request({ call: "t", path: "praemie", schema: okSchema })).rejects.toBeInstanceOf(BackendBusyError);
    expect(calls).toBe(1);
  });

  it("a 429 with Retry-After: busy for the person (never a 429), and no call to that backend until it has passed", async () => {
    let calls = 0;
    handlers = [
      http.get("*/api/v1/praemie", () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ Message: "Too many requests" }, { status: 429, headers: { "retry-after": "1" } })
          : HttpResponse.json({ ok: true });
      }),
    ];
    const api = client().bind(context());
    const spec = { call: "t", path: "praemie", schema: okSchema };
    await expect(api.request(spec)).rejects.toMatchObject({ messageKey: "backendBusy", status: 503, retryAfterSeconds: 1 });
    await expect(api.request(spec)).rejects.toBeInstanceOf(BackendBusyError);
    expect(calls).toBe(1);
    await delay(1_050);
    await expect(api.request(spec)).resolves.toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it("a Retry-After of a day holds the calls back two minutes at most", async () => {
    handlers = [http.get("*/api/v1/praemie", () => new HttpResponse(null, { status: 429, headers: { "retry-after": "86400" } }))];
    await expect(client().bind(context()).request({ call: "t", path: "praemie", schema: okSchema })).rejects.toMatchObject({
      retryAfterSeconds: 120,
    });
  });

  it("retries a GET on a refused connection, then reports the backend unavailable", async () => {
    const api = client().bind(context({ backendUrl: "http://127.0.0.1:9" }));
    await expect(api.request({ call: "t", path: "praemie", schema: okSchema })).rejects.toMatchObject({ messageKey: "network" });
  });

  it("opens the circuit after repeated failures and stops calling the backend", async () => {
    let calls = 0;
    handlers = [
      http.get("*/api/v1/praemie", () => {
        calls += 1;
        return new HttpResponse(null, { status: 500 });
      }),
    ];
    const api = client({ breaker: { failureThreshold: 3, openMs: 60_000 } }).bind(context());
    for (let i = 0; i < 3; i++)
      await expect(api.request({ call: "t", path: "praemie", schema: okSchema })).rejects.toBeInstanceOf(LegacyApiError);
    await expect(api.request({ call: "t", path: "praemie", schema: okSchema })).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(calls).toBe(3);
  });

  it("answers PSOF0204 to a call without a token with the message only: there is no session to end", async () => {
    handlers = [http.post("*/api/v1/empfaenger/create/TK-1", () => HttpResponse.json({ Code: "PSOF0204" }, { status: 401 }))];
    const failure = client()
      .bind(context())
      .request({ call: "createRecipient", method: "POST", path: "empfaenger/create/TK-1", body: {}, schema: okSchema });
    await expect(failure).rejects.toMatchObject({ code: "PSOF0204", messageKey: "sessionExpired" });
  });
});

describe("when the backend cannot be reached", () => {
  it("serves a GET's last good reply for the same token, and never another token's", async () => {
    handlers = [
      http.get("*/api/v1/friday/account/user", ({ request }) =>
        HttpResponse.json({ ok: request.headers.get("authorization") === "Bearer anna" }),
      ),
    ];
    const { logger, lines } = memoryLogger();
    const legacy = client({ logger });
    const call = { call: "getUser", base: "product", path: "account/user", schema: okSchema } as const;
    await expect(legacy.bind(context({ tokens: { user: "anna" } })).request(call)).resolves.toEqual({ ok: true });

    handlers = [http.get("*/api/v1/friday/account/user", () => HttpResponse.error())];
    await expect(legacy.bind(context({ tokens: { user: "anna" }, requestId: "r1" })).request(call)).resolves.toEqual({ ok: true });
    expect(lines.find((line) => line.requestId === "r1")).toMatchObject({
      level: "info",
      msg: "legacy call failed: served its last good reply",
    });
    await expect(legacy.bind(context({ tokens: { user: "ben" } })).request(call)).rejects.toBeInstanceOf(UpstreamUnavailableError);
  });

  it("logs one warning per request, further failures of that request at info", async () => {
    handlers = [http.get("*/api/v1/praemie", () => new HttpResponse(null, { status: 500 }))];
    const { logger, lines } = memoryLogger();
    const api = client({ logger }).bind(context({ requestId: "r2" }));
    for (let i = 0; i < 2; i++)
      await expect(api.request({ call: "t", path: "praemie", schema: okSchema })).rejects.toBeInstanceOf(LegacyApiError);
    expect(lines.filter((line) => line.requestId === "r2").map((line) => line.level)).toEqual(["warn", "info"]);
  });

  it("logs a reply it cannot read once, with what it was, and the same problem again only after a while", async () => {
    handlers = [
      http.get(
        "*/api/v1/praemie",
        () => new HttpResponse("<html><body>Fehler bei Anna</body></html>", { status: 200, headers: { "content-type": "text/html" } }),
      ),
    ];
    const { logger, lines } = memoryLogger();
    const api = client({ logger }).bind(context());
    for (let i = 0; i < 3; i++)
      await expect(api.request({ call: "t", path: "praemie", schema: okSchema })).rejects.toBeInstanceOf(UpstreamContractError);
    const warnings = lines.filter((line) => line.level === "warn");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ msg: "legacy reply is not JSON", kind: "not-json", contentType: "text/html" });
    expect(String(warnings[0].start)).toContain("<html><body>");
    expect(String(warnings[0].start)).not.toContain("Anna");
  });
});

describe("what an older backend answers, read as it means", () => {
  const listSchema = z.array(okSchema);

  it("never passes a redirect on: a 502 contract error, the Location in the log", async () => {
    handlers = [
      http.get("*/api/v1/praemie", () => new HttpResponse(null, { status: 302, headers: { location: "https://sso.example/login" } })),
    ];
    const { logger, lines } = memoryLogger();
    const failure = client({ logger }).bind(context()).request({ call: "getRewards", path: "praemie", schema: okSchema });
    await expect(failure).rejects.toBeInstanceOf(UpstreamContractError);
    await expect(failure).rejects.toMatchObject({
      status: 502,
      problems: [expect.stringContaining("answered 302 to a sign-in page (https://sso.example/login)")],
    });
    expect(lines).toContainEqual(expect.objectContaining({ kind: "redirect", location: "https://sso.example/login", status: 302 }));
  });

  it("reads forms authentication's redirect to its sign-in page as the token's end (a 401): a session, a reward link; without a token, a backend that asks for a login", async () => {
    const signIn = (request: Request) =>
      new HttpResponse(null, {
        status: 302,
        headers: { location: `/Account/Login?ReturnUrl=${encodeURIComponent(new URL(request.url).pathname)}` },
      });
    handlers = [
      http.get("*/api/v1/friday/account/user", ({ request }) => signIn(request)),
      http.get("*/api/v1/friday/praemierung/", ({ request }) => signIn(request)),
      http.get("*/api/v1/praemie", ({ request }) => signIn(request)),
      // A sign-in page served where JSON was asked for, after a gateway followed the redirect itself.
      http.get("*/api/v1/friday/empfehler/bankdaten/", () =>
        HttpResponse.html("<html><head><title>Anmelden - Kundenportal</title></head><body>…</body></html>"),
      ),
    ];
    const api = client().bind(context({ tokens: { user: "U", reward: "W" } }));
    await expect(api.request({ call: "getUser", base: "product", path: "account/user", schema: okSchema })).rejects.toBeInstanceOf(
      SessionExpired,
    );
    await expect(
      api.request({ call: "getRecommenderBankData", base: "product", path: "empfehler/bankdaten/", schema: okSchema }),
    ).rejects.toBeInstanceOf(SessionExpired);
    await expect(api.request({ call: "getRewardBooking", base: "product", path: "praemierung/", schema: okSchema })).rejects.toMatchObject({
      journey: "reward",
      messageKey: "rewardTokenExpired",
    });
    const anonymous = client().bind(context()).request({ call: "getRewards", path: "praemie", schema: okSchema });
    await expect(anonymous).rejects.toBeInstanceOf(UpstreamContractError);
    await expect(anonymous).rejects.toMatchObject({
      problems: [expect.stringContaining("the backend asks for a login (forms authentication)")],
    });
  });

  it("a 401 asking for Windows authentication (Negotiate, NTLM) ends no session: it names what the backend asks for, with the IIS page's heading readable", async () => {
    const iisPage =
      '<html><head><title>401 - Unauthorized</title></head><body><div id="header"><h1>Server Error</h1></div><h2>401 - Unauthorized: Access is denied due to invalid credentials.</h2></body></html>';
    handlers = [
      http.get("*/api/v1/friday/account/user", () =>
        HttpResponse.html(iisPage, { status: 401, headers: { "www-authenticate": "Negotiate, NTLM" } }),
      ),
    ];
    const { logger, lines } = memoryLogger();
    const failure = client({ logger })
      .bind(context({ tokens: { user: "U" } }))
      .request({ call: "getUser", base: "product", path: "account/user", schema: okSchema });
    await expect(failure).rejects.toBeInstanceOf(UpstreamContractError);
    await expect(failure).rejects.toMatchObject({
      problems: [expect.stringContaining("the backend asks for Windows authentication (IIS)")],
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        kind: "windows-auth",
        wwwAuthenticate: "Negotiate, NTLM",
        heading: "Server Error — 401 - Unauthorized: Access is denied due to invalid credentials.",
      }),
    );
  });

  it("names a path prefix the backend URL may lack where the tenant's configuration answers a 404 no application wrote", async () => {
    handlers = [
      http.get("*/api/v1/mandant/friday", () =>
        HttpResponse.html(
          "<html><head><title>404 - File or directory not found.</title></head><body><h2>404 - File or directory not found.</h2></body></html>",
          {
            status: 404,
          },
        ),
      ),
    ];
    const failure = client().bind(context()).request({ call: "getTenantConfig", path: "mandant/friday", schema: okSchema });
    await expect(failure).rejects.toBeInstanceOf(UpstreamContractError);
    await expect(failure).rejects.toMatchObject({ problems: [expect.stringContaining("the backend URL may lack its path prefix")] });
  });

  it("names a date or a number in a culture's format, and asks for ISO 8601, instead of zod's 'Invalid ISO date'", async () => {
    const schema = z.object({ Startdatum: z.iso.date(), Betrag: z.number() });
    for (const [value, culture] of [
      ["11/23/2026 12:00:00 AM", "US culture's format"],
      ["23.11.2026", "German culture's format (DD.MM.YYYY)"],
    ]) {
      handlers = [http.get("*/api/v1/praemie", () => HttpResponse.json({ Startdatum: value, Betrag: 1 }))];
      const failure = client().bind(context()).request({ call: "getRewards", path: "praemie", schema });
      await expect(failure).rejects.toMatchObject({
        problems: [
          expect.stringMatching(
            new RegExp(
              `^Startdatum: expected an ISO 8601 date \\(2026-11-23T00:00:00\\), received string \\(a date in the ${culture.replace(/[().]/g, "\\$&")}.*ask for ISO 8601`,
            ),
          ),
        ],
      });
    }
    handlers = [http.get("*/api/v1/praemie", () => HttpResponse.json({ Startdatum: "2026-11-23", Betrag: "12,50" }))];
    await expect(client().bind(context()).request({ call: "getRewards", path: "praemie", schema })).rejects.toMatchObject({
      problems: [expect.stringContaining("a number in the German culture's format (a decimal comma")],
    });
  });

  it("reads a list call's 404 without a code as an empty list, with a warning once", async () => {
    handlers = [http.get("*/api/v1/liste", () => HttpResponse.json({ Message: "No HTTP resource was found" }, { status: 404 }))];
    const { logger, lines } = memoryLogger();
    const api = client({ logger }).bind(context());
    for (let i = 0; i < 2; i++) await expect(api.request({ call: "getList", path: "liste", schema: listSchema })).resolves.toEqual([]);
    expect(lines.filter((line) => line.kind === "empty-as-404")).toHaveLength(1);
    // A 404 with a legacy code, or of a call that is no list, stays a refusal.
    handlers = [http.get("*/api/v1/liste", () => HttpResponse.json({ Code: "PSOF0001" }, { status: 404 }))];
    await expect(api.request({ call: "getList", path: "liste", schema: listSchema })).rejects.toBeInstanceOf(LegacyApiError);
    await expect(api.request({ call: "getOne", path: "liste", schema: okSchema })).rejects.toBeInstanceOf(LegacyApiError);
  });

  it("names the title of an HTML page sent with 200 (a gateway's login page)", async () => {
    handlers = [
      http.get(
        "*/api/v1/praemie",
        () =>
          new HttpResponse("<html><head><title>Sign in – Contoso Gateway</title></head></html>", {
            headers: { "content-type": "text/html" },
          }),
      ),
    ];
    await expect(client().bind(context()).request({ call: "getRewards", path: "praemie", schema: okSchema })).rejects.toMatchObject({
      problems: [expect.stringContaining('an HTML page titled "Sign in – Contoso Gateway"')],
    });
  });

  it("refuses what the reader refuses, naming the field and the hint", async () => {
    const schema = z.object({ Art: z.enum(["Ueberweisung", "Gutschein"]) });
    handlers = [http.get("*/api/v1/praemie", () => HttpResponse.json({ Art: 1 }))];
    await expect(client().bind(context()).request({ call: "getRewards", path: "praemie", schema })).rejects.toMatchObject({
      field: "Art: expected a name, received the number 1",
      problems: [expect.stringContaining("StringEnumConverter")],
    });
  });
});

describe("tokens that end", () => {
  const refuse = (body: object) => () => HttpResponse.json(body, { status: 401 });

  it.each([
    ["another code (a token the backend no longer knows)", { Code: "PSOF0103" }],
    ["no code", { Message: "Authorization has been denied for this request." }],
    ["an unknown code", { Code: "TokenUnknown" }],
  ])("any 401 with %s on a recommender's call ends the session", async (_name, body) => {
    handlers = [http.get("*/api/v1/friday/account/user", refuse(body))];
    const api = client().bind(context({ tokens: { user: "u" } }));
    await expect(api.request({ call: "getUser", base: "product", path: "account/user", schema: okSchema })).rejects.toBeInstanceOf(
      SessionExpired,
    );
  });

  it("a 401 that refuses what was sent (a wrong password) leaves the session", async () => {
    handlers = [http.post("*/api/v1/friday/account/login", refuse({ Code: "PSOF0101" }))];
    const api = client().bind(context({ tokens: { user: "u" } }));
    const failure = api.request({ call: "login", method: "POST", base: "product", path: "account/login", body: {}, schema: okSchema });
    await expect(failure).rejects.toMatchObject({ messageKey: "wrongCredentials" });
  });

  it("a 401 on a recipient's or reward's token ends that link: its journey's expired page", async () => {
    handlers = [
      http.get("*/api/v1/empfaenger/auftrag", refuse({ Message: "Authorization has been denied for this request." })),
      http.get("*/api/v1/friday/praemierung/", refuse({ Code: "PSOF0103" })),
    ];
    const api = client().bind(context({ tokens: { recipient: "r", reward: "w" } }));
    await expect(api.request({ call: "getRecipientOrder", path: "empfaenger/auftrag", schema: okSchema })).rejects.toMatchObject({
      journey: "recipient",
      messageKey: "linkExpired",
    });
    const reward = api.request({ call: "getRewardBooking", base: "product", path: "praemierung/", schema: okSchema });
    await expect(reward).rejects.toBeInstanceOf(LinkEndedError);
    await expect(reward).rejects.toMatchObject({ journey: "reward", messageKey: "rewardTokenExpired" });
  });
});

describe("a backend that is a bad neighbour", () => {
  it("refuses a reply over the size limit unread, whether it declares its length or not, naming the call and size", async () => {
    const big = JSON.stringify({ ok: true, pad: "x".repeat(5_000) });
    handlers = [
      http.get("*/api/v1/declared", () => new HttpResponse(big, { headers: { "content-type": "application/json" } })),
      http.get(
        "*/api/v1/streamed",
        () =>
          new HttpResponse(
            new ReadableStream({
              start(controller) {
                for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode(big.slice(i * 520, (i + 1) * 520)));
                controller.close();
              },
            }),
            { headers: { "content-type": "application/json" } },
          ),
      ),
    ];
    const { logger, lines } = memoryLogger();
    const api = client({ logger, maxReplyBytes: 4_096 }).bind(context());
    for (const path of ["declared", "streamed"])
      await expect(api.request({ call: path, path, schema: okSchema })).rejects.toMatchObject({ status: 502, field: "body: too large" });
    expect(lines.filter((line) => line.kind === "too-large").map((line) => line.call)).toEqual(["declared", "streamed"]);
  });

  it("counts the limit after decoding: a small gzip that inflates past it is refused, naming tenant, call and both sizes", async () => {
    const bomb = gzipSync(`{"ok":true,"pad":"${"x".repeat(400_000)}"}`);
    const small = gzipSync('{"ok":true}');
    handlers = [
      http.get(
        "*/api/v1/bomb",
        () => new HttpResponse(bomb, { headers: { "content-type": "application/json", "content-encoding": "gzip" } }),
      ),
      http.get(
        "*/api/v1/small",
        () => new HttpResponse(small, { headers: { "content-type": "application/json", "content-encoding": "gzip" } }),
      ),
    ];
    const { logger, lines } = memoryLogger();
    const api = client({ logger, maxReplyBytes: 64 * 1024 }).bind(context());
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(api.request({ call: "getBomb", path: "bomb", schema: okSchema })).rejects.toMatchObject({
      status: 502,
      field: "body: too large",
    });
    expect(lines.find((line) => line.kind === "too-large")).toMatchObject({
      call: "getBomb",
      tenant: "friday",
      wireBytes: bomb.length,
      decodedBytes: expect.any(Number) as number,
    });
    // A compressed reply within the limit is read as before, and kept decoded as the last good reply.
    await expect(api.request({ call: "getSmall", path: "small", schema: okSchema })).resolves.toEqual({ ok: true });
  });

  it("fails a call at once where its backend already has its budget of calls in flight; another backend is not held", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    handlers = [
      http.get("*/api/v1/langsam", async () => {
        await held;
        return HttpResponse.json({ ok: true });
      }),
    ];
    const legacy = client({ maxInFlight: 2, timeoutMs: 5_000 });
    const slow = legacy.bind(context());
    const waiting = [1, 2].map(() => slow.request({ call: "slow", path: "langsam", schema: okSchema }));
    await expect(slow.request({ call: "slow", path: "langsam", schema: okSchema })).rejects.toMatchObject({
      messageKey: "network",
      message: expect.stringContaining("too many calls in flight"),
    });
    // The same server under another origin (another tenant's backend) has a budget of its own.
    const other = legacy.bind(context({ backendUrl: server.url.replace("127.0.0.1", "localhost") }));
    handlers.push(http.get("*/api/v1/schnell", () => HttpResponse.json({ ok: true })));
    await expect(other.request({ call: "fast", path: "schnell", schema: okSchema })).resolves.toEqual({ ok: true });
    release();
    await Promise.all(waiting);
  });

  it("keeps pictures apart: pictures that never come do not hold a page's calls", async () => {
    handlers = [
      http.get("*/api/v1/praemie/1/bild", () => delay("infinite")),
      http.get("*/api/v1/praemie", () => HttpResponse.json({ ok: true })),
    ];
    const api = client({ maxInFlight: 8, timeoutMs: 2_000 }).bind(context());
    const pictures = Array.from({ length: 8 }, () =>
      api.asset({ call: "picture", path: "praemie/1/bild" }).catch((error: unknown) => error),
    );
    await expect(api.request({ call: "getRewards", path: "praemie", schema: okSchema })).resolves.toEqual({ ok: true });
    await expect(api.asset({ call: "picture", path: "praemie/1/bild" })).rejects.toMatchObject({
      message: expect.stringContaining("too many calls in flight"),
    });
    await Promise.all(pictures);
  });

  it("logs a slow call once per call and tenant, with its duration, and counts durations by tenant and call", async () => {
    handlers = [
      http.get("*/api/v1/praemie", async () => {
        await delay(60);
        return HttpResponse.json({ ok: true });
      }),
    ];
    const { logger, lines } = memoryLogger();
    const metrics = createMetrics();
    const api = client({ logger, slowMs: 50, metrics }).bind(context());
    for (let i = 0; i < 3; i++) await api.request({ call: "getRewards", path: "praemie", schema: okSchema });
    const slow = lines.filter((line) => line.msg === "legacy call slow");
    expect(slow).toEqual([expect.objectContaining({ tenant: "friday", call: "getRewards", ms: expect.any(Number), level: "warn" })]);
    expect(Number(slow[0].ms)).toBeGreaterThanOrEqual(50);
    expect(await metrics.registry.metrics()).toMatch(
      /portal_legacy_call_duration_seconds_count\{tenant="friday",call="getRewards",outcome="ok"\} 3/,
    );
  });
});

describe("error shapes read for what they mean", () => {
  const user = { tokens: { user: "U" } };
  const userCall = { call: "getUser", path: "account/user", schema: okSchema };
  const answering = (reply: () => Response) => [http.get("*/api/v1/account/user", reply)];

  it.each([
    [
      "403 with a problem+json body",
      () =>
        HttpResponse.json(
          { type: "about:blank", title: "Forbidden", status: 403, detail: "The token expired" },
          { status: 403, headers: { "content-type": "application/problem+json" } },
        ),
    ],
    ["403 with no body", () => new HttpResponse(null, { status: 403 })],
    [
      '400 with WWW-Authenticate: Bearer error="invalid_token"',
      () =>
        new HttpResponse(null, {
          status: 400,
          headers: { "www-authenticate": 'Bearer error="invalid_token", error_description="expired"' },
        }),
    ],
  ])("%s ends the session, as a 401 does", async (_name, reply) => {
    handlers = answering(reply);
    await expect(client().bind(context(user)).request(userCall)).rejects.toBeInstanceOf(SessionExpired);
  });

  it("a 403 whose code the error table knows (a role that may not do this) keeps its meaning", async () => {
    handlers = answering(() => HttpResponse.json({ Code: "PSOF0103" }, { status: 403 }));
    await expect(client().bind(context(user)).request(userCall)).rejects.toMatchObject({ messageKey: "notAuthorised", status: 403 });
  });

  it("a recipient's link refused with a 403 problem+json has ended", async () => {
    handlers = [http.get("*/api/v1/empfaenger/daten", () => HttpResponse.json({ title: "Forbidden", status: 403 }, { status: 403 }))];
    const api = client().bind(context({ tokens: { recipient: "R" } }));
    await expect(api.request({ call: "getRecipient", path: "empfaenger/daten", schema: okSchema })).rejects.toMatchObject({
      journey: "recipient",
    });
  });

  it("an error in a 200 envelope is that error: its code through the one table, the envelope named in the log once", async () => {
    const { logger, lines } = memoryLogger();
    handlers = [
      http.post("*/api/v1/friday/account/login", () =>
        HttpResponse.json({ Success: false, Message: "Passwort falsch", ErrorCode: "PSOF0101", Data: null }),
      ),
    ];
    const api = client({ logger }).bind(context());
    const login = { call: "login", method: "POST" as const, base: "product" as const, path: "account/login", body: {}, schema: okSchema };
    await expect(api.request(login)).rejects.toMatchObject({ code: "PSOF0101", messageKey: "wrongCredentials", status: 400 });
    await expect(api.request(login)).rejects.toBeInstanceOf(LegacyApiError);
    expect(lines.filter((line) => line.kind === "envelope")).toEqual([
      expect.objectContaining({ call: "login", code: "PSOF0101", level: "warn" }),
    ]);
  });

  it.each([
    [
      { isSuccess: "False", message: "PSOF0219" },
      { code: "PSOF0219", status: 400, messageKey: "recommendationNotPossible" },
    ],
    [
      { IsSuccess: false, Message: "Objekt nicht gefunden", StatusCode: 404 },
      { status: 404, messageKey: "technical" },
    ],
    [
      { Success: false, Message: "Ein Fehler ist aufgetreten." },
      { status: 502, messageKey: "technical" },
    ],
  ])("an envelope %j reads as %j", async (envelope, expected) => {
    handlers = [http.get("*/api/v1/praemie", () => HttpResponse.json(envelope))];
    await expect(client().bind(context()).request({ call: "t", path: "praemie", schema: okSchema })).rejects.toMatchObject(expected);
  });

  it("an envelope with only a message is the call's one refusal where it has one, else a technical error; the message logged cut and redacted", async () => {
    const { logger, lines } = memoryLogger();
    const message = "Anmeldung für anna.schmidt@example.org (Kunde 4711) fehlgeschlagen";
    handlers = [
      http.post("*/api/v1/friday/account/login", () => HttpResponse.json({ Success: false, Message: message })),
      http.get("*/api/v1/empfehlen/:no", () => HttpResponse.json({ Success: false, Message: "Nicht gefunden" })),
      http.get("*/api/v1/praemie", () => HttpResponse.json({ Success: false, Message: "Nicht gefunden" })),
    ];
    const api = client({ logger }).bind(context());
    const refusal = { status: 401, code: "PSOF0101" };
    const login = { call: "login", method: "POST" as const, base: "product" as const, path: "account/login", body: {}, schema: okSchema };
    await expect(api.request({ ...login, refusalWithoutCode: refusal })).rejects.toMatchObject({ messageKey: "wrongCredentials" });
    const lookup = { call: "getRecommendation", path: "empfehlen/AZ-1", schema: okSchema };
    await expect(api.request({ ...lookup, refusalWithoutCode: { status: 404, code: "PSOF0219" } })).rejects.toMatchObject({
      status: 404,
      messageKey: "recommendationNotPossible",
    });
    await expect(api.request({ call: "getRewards", path: "praemie", schema: okSchema })).rejects.toMatchObject({
      status: 502,
      messageKey: "technical",
    });
    const logged = lines.filter((line) => line.kind === "no-code");
    expect(logged.map((line) => [line.call, line.message])).toEqual([
      ["login", "Anmeldung für (an e-mail address) (Kunde 9999) fehlgeschlagen"],
      ["getRecommendation", "Nicht gefunden"],
      ["getRewards", "Nicht gefunden"],
    ]);
    expect(logged[0].hint).toMatch(/read as the call's one refusal, PSOF0101/);
    expect(logged[2].hint).toMatch(/read as a technical error/);
    expect(JSON.stringify(lines)).not.toContain("anna.schmidt");
  });

  it("a 4xx with only a message on a call with one refusal is that refusal; a token's 401 still ends its session", async () => {
    handlers = [
      http.post("*/api/v1/friday/account/login", () => HttpResponse.json({ Message: "Benutzer unbekannt" }, { status: 400 })),
      http.get("*/api/v1/empfehlen/:no", () => HttpResponse.json({ Message: "Authorization has been denied" }, { status: 401 })),
    ];
    const login = { call: "login", method: "POST" as const, base: "product" as const, path: "account/login", body: {}, schema: okSchema };
    const refusalWithoutCode = { status: 401, code: "PSOF0101" };
    await expect(
      client()
        .bind(context())
        .request({ ...login, refusalWithoutCode }),
    ).rejects.toMatchObject({ code: "PSOF0101" });
    const lookup = { call: "getRecommendation", path: "empfehlen/AZ-1", schema: okSchema, refusalWithoutCode };
    await expect(
      client()
        .bind(context({ tokens: { user: "u" } }))
        .request(lookup),
    ).rejects.toBeInstanceOf(SessionExpired);
    // A status of another meaning keeps it: a login's 404 is an address the backend does not serve.
    handlers = [http.post("*/api/v1/friday/account/login", () => HttpResponse.json({ Message: "Not found" }, { status: 404 }))];
    await expect(
      client()
        .bind(context())
        .request({ ...login, refusalWithoutCode }),
    ).rejects.toMatchObject({ messageKey: "technical" });
  });

  it("a reply whose own contract has a Success key is not taken for an envelope", async () => {
    handlers = [http.get("*/api/v1/praemie", () => HttpResponse.json({ Success: false }))];
    const schema = z.object({ Success: z.boolean() });
    await expect(client().bind(context()).request({ call: "t", path: "praemie", schema })).resolves.toEqual({ Success: false });
  });
});

describe("the company's egress proxy", () => {
  it("sends calls through HTTP_PROXY or HTTPS_PROXY, and straight to the hosts NO_PROXY names", async () => {
    handlers = [http.get("*/api/v1/praemie", () => HttpResponse.json({ ok: true }))];
    const proxy = await startEgressProxy();
    const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY };
    const call = () => client().bind(context()).request({ call: "getRewards", path: "praemie", schema: okSchema });
    try {
      process.env.HTTP_PROXY = proxy.url;
      await expect(call()).resolves.toEqual({ ok: true });
      const backend = new URL(server.url).host;
      expect(proxy.used).toEqual([expect.stringMatching(new RegExp(`^(CONNECT ${backend}|GET ${server.url}/api/v1/praemie)$`))]);
      process.env.NO_PROXY = "127.0.0.1";
      await expect(call()).resolves.toEqual({ ok: true });
      expect(proxy.used).toHaveLength(1);
    } finally {
      for (const [name, value] of Object.entries(saved))
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      proxy.close();
    }
  });
});

describe("a backend behind a company's network, not reached", () => {
  it("names what to set: NODE_EXTRA_CA_CERTS for a certificate from the company's CA, HTTPS_PROXY for a host not found", async () => {
    const folder = mkdtempSync(join(tmpdir(), "company-ca-"));
    throwAwayCertificate("127.0.0.1", { keyFile: join(folder, "key.pem"), certFile: join(folder, "cert.pem") });
    const backend = createHttpsServer(
      { key: readFileSync(join(folder, "key.pem")), cert: readFileSync(join(folder, "cert.pem")) },
      (_request, response) => response.end("{}"),
    );
    await new Promise<void>((resolve) => backend.listen(0, "127.0.0.1", resolve));
    try {
      const { logger, lines } = memoryLogger();
      const spec = { call: "getRewards", path: "praemie", schema: okSchema };
      const backendUrl = `https://127.0.0.1:${(backend.address() as AddressInfo).port}`;
      await expect(client({ logger, retries: 0 }).bind(context({ backendUrl })).request(spec)).rejects.toBeInstanceOf(
        UpstreamUnavailableError,
      );
      await expect(
        client({ logger, retries: 0 })
          .bind(context({ backendUrl: "http://legacy.invalid" }))
          .request(spec),
      ).rejects.toBeInstanceOf(UpstreamUnavailableError);
      const reasons = lines.map((line) => String(line.reason ?? ""));
      expect(reasons).toContainEqual(expect.stringMatching(/self-signed certificate.*NODE_EXTRA_CA_CERTS=\/path\/ca\.pem/));
      expect(reasons).toContainEqual(expect.stringMatching(/ENOTFOUND.*set HTTPS_PROXY/));
    } finally {
      backend.close();
    }
  });
});

describe("a reply kept for later", () => {
  it("holds memory of its own size, not the 8 KB pool a small Buffer is a slice of", () => {
    const slice = Buffer.from('{"ok":true}');
    expect(slice.buffer.byteLength).toBeGreaterThan(slice.length);
    const kept = ownCopy(slice);
    expect([kept.buffer.byteLength, kept.toString()]).toEqual([slice.length, '{"ok":true}']);
  });
});

describe("interim replies (RFC 9110, 15.2)", () => {
  it("skips an unasked 100 Continue and 103 Early Hints before the real reply, on one kept-alive connection, call after call", async () => {
    const backend = createServer((_request, response) => {
      response.writeContinue();
      response.writeEarlyHints({ link: "</style.css>; rel=preload; as=style" });
      response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => backend.listen(0, "127.0.0.1", resolve));
    try {
      const { logger, lines } = memoryLogger();
      const api = client({ logger }).bind(context({ backendUrl: `http://127.0.0.1:${(backend.address() as AddressInfo).port}` }));
      for (let call = 0; call < 3; call++)
        await expect(api.request({ call: "getRewards", path: "praemie", schema: okSchema })).resolves.toEqual({ ok: true });
      expect(lines.filter((line) => line.level !== "info")).toEqual([]);
    } finally {
      backend.close();
    }
  });
});

describe("a reply cut short", () => {
  it.each([
    ["a Content-Length longer than the body", { "content-length": "5000" }],
    ["a chunked reply that stops early", { "transfer-encoding": "chunked" }],
  ])("%s: answered but unreadable, its cause logged and named by the circuit it opens", async (_name, headers) => {
    const backend = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", ...headers });
      response.write('{"ok":tr');
      setTimeout(() => response.socket?.destroy(), 10);
    });
    await new Promise<void>((resolve) => backend.listen(0, "127.0.0.1", resolve));
    try {
      const { logger, lines } = memoryLogger();
      const backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
      const api = client({ logger, breaker: { failureThreshold: 3, openMs: 60_000 } }).bind(context({ backendUrl }));
      const spec = { call: "getRewards", path: "praemie", schema: okSchema };
      await expect(api.request(spec)).rejects.toBeInstanceOf(ReplyCutShortError);
      await expect(api.request(spec)).rejects.toThrow(/circuit open, opened by: reply cut short/);
      const opened = lines.filter((line) => String(line.msg).startsWith("legacy backend's circuit opened"));
      expect(opened).toEqual([expect.objectContaining({ cause: expect.stringMatching(/^reply cut short: 200, /), level: "warn" })]);
    } finally {
      backend.close();
    }
  });
});
