// The one HTTP client for the legacy API: a keep-alive undici Pool per backend origin,
// explicit timeouts, retries of idempotent calls only, a circuit breaker per backend,
// token headers by the rules, replies read tolerantly (legacy-reply.server.ts) and then parsed
// with the contract's zod schemas, the status judged before the body.
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { LRUCache } from "lru-cache";
import { errors as undiciErrors, Pool } from "undici";
import type { z } from "zod";
import { type CircuitBreaker, createCircuitBreaker } from "./circuit-breaker.server";
import { LegacyApiError, UpstreamContractError, UpstreamUnavailableError } from "./errors";
import { messageKeyForLegacyError, SESSION_EXPIRED_CODE } from "./legacy-error-codes";
import { jsonOf, legacyErrorOf, readValue, replyText, UnreadableReplyError } from "./legacy-reply.server";
import type { Logger } from "./logger.server";
import type { Metrics } from "./metrics.server";
import { createProblemReporter, describeIssues, issueLine, redactedStart } from "./reply-problems.server";

export type Tokens = { user?: string; recipient?: string; reward?: string; agency?: string };

export type CallContext = {
  backendUrl: string;
  /** The tenant's product API route, e.g. `/friday`. */
  apiRoute: string;
  tenant: string;
  locale: string;
  tokens: Tokens;
  /** Keys in another case read as the contract's (a declared camelCase backend). */
  anyKeyCase?: boolean;
  requestId?: string;
  /**
   * Called on PSOF0204 with the call's path: ends the session. On a page it throws SessionEndedError; for a
   * form's post it gives the cookies that end the session, which the call's error carries to the reply.
   */
  onSessionExpired(path: string): readonly string[];
};

type Method = "GET" | "HEAD" | "POST" | "PUT" | "DELETE";

export type LegacyRequest<T> = {
  /** The name of the typed function making the call, for logs and errors. */
  call: string;
  method?: Method;
  /** `general` is `{backend}/api/v1/`, `product` is `{backend}/api/v1{apiRoute}/`. */
  base?: "general" | "product";
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  schema: z.ZodType<T>;
};

export type LegacyAsset = { status: number; contentType: string; body: Buffer };

export type LegacyApi = {
  request<T>(request: LegacyRequest<T>): Promise<T>;
  /** A binary GET (reward and product graphics), passed through as it comes. */
  asset(request: { call: string; base?: "general" | "product"; path: string }): Promise<LegacyAsset>;
};

export type LegacyClientOptions = {
  timeoutMs: number;
  connectTimeoutMs: number;
  logger: Logger;
  retries?: number;
  retryDelayMs?: number;
  maxRetryAfterMs?: number;
  breaker?: { failureThreshold?: number; openMs?: number };
  metrics?: Pick<Metrics, "legacyCalls" | "watchBreaker" | "legacyReplyProblems">;
};

const RETRYABLE_METHODS = new Set<Method>(["GET", "HEAD"]);
/** A kept reply's key, object and content type, besides its body. */
const KEPT_REPLY_OVERHEAD_BYTES = 300;
const RETRYABLE_STATUSES = new Set([502, 503, 504]);
/** The reward booking (`praemierung/…`) and the customer-number calls; not `empfehler/praemierungmail`, a recommender's call. */
const REWARD_TOKEN_PATH = /^\/?praemierung(\/|$)|kundennummer/i;
const RECIPIENT_PATH = /^\/?empfaenger\//i;
const RECOMMENDER_PATH = /^\/?empfehler\//i;
const AGENCY_PATH = /^\/?(agentur|einladung)\b/i;

/** A call made with the agency's token: when that ends, the agency signs on again. */
export function isAgencyPath(path: string) {
  return AGENCY_PATH.test(path);
}

/**
 * The reward token for reward and customer-number paths, else the user's or recipient's.
 * A recommender call (bank data) without a login goes with the reward token of a reward pickup.
 */
export function tokenForPath(path: string, tokens: Tokens): string | undefined {
  if (REWARD_TOKEN_PATH.test(path)) return tokens.reward;
  if (isAgencyPath(path)) return tokens.agency;
  if (RECIPIENT_PATH.test(path)) return tokens.recipient ?? tokens.user;
  if (RECOMMENDER_PATH.test(path)) return tokens.user ?? tokens.reward;
  return tokens.user ?? tokens.recipient;
}

export function legacyHeaders(context: CallContext, path: string, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    accept: "application/json",
    "x-requested-with": "XMLHttpRequest",
    "x-accept-language": context.locale || "de",
    "x-mandant": context.tenant,
  };
  if (context.requestId) headers["x-request-id"] = context.requestId;
  if (hasBody) headers["content-type"] = "application/json";
  const token = tokenForPath(path, context.tokens);
  if (token) {
    headers.authorization = `Bearer ${token}`;
    headers["x-authorization"] = `Bearer ${token}`;
  }
  return headers;
}

export function legacyUrl(context: CallContext, request: Pick<LegacyRequest<unknown>, "base" | "path" | "query">) {
  const backend = new URL(context.backendUrl);
  const prefix = backend.pathname.replace(/\/$/, "");
  const apiBase = request.base === "product" ? `/api/v1${context.apiRoute}` : "/api/v1";
  const url = new URL(`${prefix}${apiBase}/${request.path.replace(/^\//, "")}`, backend.origin);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

function isConnectionError(error: unknown) {
  return (
    error instanceof undiciErrors.SocketError ||
    error instanceof undiciErrors.ConnectTimeoutError ||
    (error instanceof Error &&
      /ECONNREFUSED|ECONNRESET|EPIPE|ENOTFOUND|EAI_AGAIN/.test(String((error as NodeJS.ErrnoException).code ?? error.message)))
  );
}

/** A failed call's outcome, for the latency metric: the backend's refusal, its absence or a broken reply. */
function outcomeOf(error: unknown) {
  if (error instanceof UpstreamUnavailableError) return "unavailable";
  if (error instanceof UpstreamContractError) return "contract";
  if (error instanceof LegacyApiError) return error.upstreamStatus >= 500 ? "error" : "refused";
  return "other";
}

function retryAfterMs(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** A 401 that ends the session: PSOF0204, or one without an application code on a call made with a session's token. */
function endsSession(status: number, code: string | undefined, path: string, tokens: Tokens) {
  const token = tokenForPath(path, tokens);
  // Only a call that carried a token has a session to end.
  if (code === SESSION_EXPIRED_CODE) return token !== undefined;
  return status === 401 && code === undefined && token !== undefined && (token === tokens.user || token === tokens.agency);
}

function headerValue(headers: Record<string, string | string[] | undefined>, name: string) {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

export function createLegacyClient(options: LegacyClientOptions) {
  const { timeoutMs, connectTimeoutMs, logger, retries = 2, retryDelayMs = 100, maxRetryAfterMs = 2_000 } = options;
  const problems = createProblemReporter({ onProblem: (call, kind) => options.metrics?.legacyReplyProblems.inc({ call, kind }) });
  const pools = new Map<string, Pool>();
  const breakers = new Map<string, CircuitBreaker>();
  /**
   * The last good reply of each GET, kept a few minutes per URL and the headers that shape it (so
   * per token: nothing crosses users) and served only when the backend cannot be reached. A form
   * post that fails because the backend is down re-renders its page with these, keeping what the
   * user typed, instead of failing the page's loaders too.
   */
  const lastGoodReplies = new LRUCache<string, Reply>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (reply) => reply.body.length + KEPT_REPLY_OVERHEAD_BYTES,
    ttl: 10 * 60_000,
    // Expired replies leave on time: a reply per token is kept for minutes, not until the cache is full.
    ttlAutopurge: true,
  });

  function poolFor(origin: string) {
    let pool = pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: 64,
        keepAliveTimeout: 10_000,
        connect: { timeout: connectTimeoutMs },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      pools.set(origin, pool);
    }
    return pool;
  }

  function breakerFor(origin: string) {
    let breaker = breakers.get(origin);
    if (!breaker) {
      const created = createCircuitBreaker(options.breaker);
      breakers.set(origin, created);
      options.metrics?.watchBreaker(origin, () => created.state);
      breaker = created;
    }
    return breaker;
  }

  async function send(url: URL, method: Method, headers: Record<string, string>, payload: string | undefined, signal: AbortSignal) {
    const response = await poolFor(url.origin).request({
      path: `${url.pathname}${url.search}`,
      method,
      headers,
      body: payload,
      signal,
    });
    // undici needs every body consumed or dumped, or the socket stays busy.
    const body = Buffer.from(await response.body.arrayBuffer());
    return { status: response.statusCode, headers: response.headers, body };
  }

  type Reply = Awaited<ReturnType<typeof send>>;

  /** What a kept reply needs: its status, its type and its body; the other headers would only take room. */
  function keptReply({ status, headers, body }: Reply): Reply {
    const contentType = headers["content-type"];
    return { status, headers: contentType === undefined ? {} : { "content-type": contentType }, body };
  }

  /** Requests that have logged a failure: a page whose post failed often meets the same failing backend again in its loaders. */
  const requestsWithFailure = new LRUCache<string, true>({ max: 10_000, ttl: 60_000 });

  /** One warning per request; its further failures are logged at info. */
  function logFailure(context: CallContext, log: Logger, fields: Record<string, unknown>, message: string) {
    const first = !context.requestId || !requestsWithFailure.has(context.requestId);
    if (context.requestId) requestsWithFailure.set(context.requestId, true);
    log[first ? "warn" : "info"](fields, message);
  }

  function lastGoodKey(method: Method, url: URL, headers: Record<string, string>) {
    if (method !== "GET") return null;
    const { "x-request-id": _requestId, ...shaping } = headers;
    return createHash("sha256")
      .update(JSON.stringify([url.href, shaping]))
      .digest("base64url");
  }

  /** One call with its retries and the breaker; the reply as it came. */
  async function exchange(context: CallContext, spec: Omit<LegacyRequest<unknown>, "schema">): Promise<{ reply: Reply; log: Logger }> {
    const method = spec.method ?? "GET";
    const url = legacyUrl(context, spec);
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const headers = legacyHeaders(context, spec.path, body !== undefined);
    const breaker = breakerFor(url.origin);
    const signal = AbortSignal.timeout(timeoutMs);
    const attempts = RETRYABLE_METHODS.has(method) ? retries + 1 : 1;
    const log = logger.child({ requestId: context.requestId, call: spec.call, upstream: url.pathname });
    const staleKey = lastGoodKey(method, url, headers);
    const unavailable = (reason: string, attempt: number) => {
      const stale = staleKey ? lastGoodReplies.get(staleKey) : undefined;
      if (stale) {
        log.info({ reason, attempt }, "legacy call failed: served its last good reply");
        return { reply: stale, log };
      }
      logFailure(context, log, { reason, attempt }, "legacy call failed");
      throw new UpstreamUnavailableError(spec.call, reason);
    };

    for (let attempt = 1; ; attempt++) {
      if (!breaker.allowRequest()) return unavailable("circuit open", attempt);
      let reply: Reply;
      try {
        reply = await send(url, method, headers, body, signal);
      } catch (error) {
        breaker.recordFailure();
        const reason = signal.aborted ? "timeout" : (error as Error).message;
        if (attempt < attempts && !signal.aborted && isConnectionError(error)) {
          await sleep(retryDelayMs * attempt);
          continue;
        }
        return unavailable(reason, attempt);
      }

      if (reply.status >= 500) breaker.recordFailure();
      else breaker.recordSuccess();
      if (staleKey && reply.status >= 200 && reply.status < 300) lastGoodReplies.set(staleKey, keptReply(reply));

      if (attempt < attempts && RETRYABLE_STATUSES.has(reply.status)) {
        const wait = retryAfterMs(reply.headers["retry-after"]) ?? retryDelayMs * attempt;
        if (wait <= maxRetryAfterMs) {
          await sleep(wait);
          continue;
        }
      }
      return { reply, log };
    }
  }

  async function request<T>(context: CallContext, spec: LegacyRequest<T>): Promise<T> {
    const timed = options.metrics?.legacyCalls.startTimer({ call: spec.call });
    try {
      const { reply, log } = await exchange(context, spec);
      const value = interpret(reply, spec, context, log);
      timed?.({ outcome: "ok" });
      return value;
    } catch (error) {
      timed?.({ outcome: outcomeOf(error) });
      throw error;
    }
  }

  async function asset(context: CallContext, spec: { call: string; base?: "general" | "product"; path: string }): Promise<LegacyAsset> {
    const { reply } = await exchange(context, spec);
    const contentType = reply.headers["content-type"];
    return {
      status: reply.status,
      contentType: String(Array.isArray(contentType) ? contentType[0] : (contentType ?? "application/octet-stream")),
      body: reply.body,
    };
  }

  /** The reply's text, or a loud refusal naming what could not be decoded. */
  function textOf(reply: Reply, spec: LegacyRequest<unknown>, context: CallContext, log: Logger) {
    try {
      return replyText(reply.body, reply.headers);
    } catch (error) {
      if (!(error instanceof UnreadableReplyError)) throw error;
      const fields = { status: reply.status, contentEncoding: headerValue(reply.headers, "content-encoding"), problem: error.message };
      problems.report(spec.call, "unreadable", error.message, fields, (logged) =>
        logFailure(context, log, logged, "legacy reply cannot be decoded"),
      );
      throw new UpstreamContractError(spec.call, spec.path, "body", [error.message]);
    }
  }

  /** An error status, judged before the body: its legacy code wherever the framework put it. */
  function refusal(reply: Reply, text: string, spec: LegacyRequest<unknown>, context: CallContext, log: Logger): never {
    const { code, shape } = legacyErrorOf(text);
    const sessionEnded = endsSession(reply.status, code, spec.path, context.tokens);
    const effectiveCode = sessionEnded ? SESSION_EXPIRED_CODE : code;
    // One line for an error the portal cannot read: the framework's own page or an unknown body.
    if (!code && reply.status !== 404 && (shape === "unknown" || shape === "html")) {
      const fields = { status: reply.status, contentType: headerValue(reply.headers, "content-type"), start: redactedStart(text) };
      problems.report(spec.call, "error-shape", `${reply.status} ${shape}`, fields, (logged) =>
        logFailure(context, log, logged, "legacy error reply of an unknown shape"),
      );
    }
    // A refusal (4xx) is part of a journey; a 5xx, or the end of a session (with or without one to end), is worth a warning.
    if (reply.status >= 500 || effectiveCode === SESSION_EXPIRED_CODE)
      logFailure(context, log, { status: reply.status, code, shape }, "legacy call answered an error");
    else log.info({ status: reply.status, code, shape }, "legacy call answered an error");
    const sessionEndCookies = sessionEnded ? context.onSessionExpired(spec.path) : [];
    throw new LegacyApiError(
      spec.call,
      reply.status,
      effectiveCode,
      messageKeyForLegacyError(reply.status, effectiveCode),
      sessionEndCookies,
    );
  }

  function interpret<T>(reply: Reply, spec: LegacyRequest<T>, context: CallContext, log: Logger): T {
    const text = textOf(reply, spec, context, log);
    if (reply.status < 200 || reply.status >= 300) refusal(reply, text, spec, context, log);
    const json = jsonOf(text);
    if (json === undefined) {
      const fields = {
        status: reply.status,
        contentType: headerValue(reply.headers, "content-type"),
        contentEncoding: headerValue(reply.headers, "content-encoding"),
        start: redactedStart(text),
      };
      problems.report(spec.call, "not-json", fields.contentType, fields, (logged) =>
        logFailure(context, log, logged, "legacy reply is not JSON"),
      );
      throw new UpstreamContractError(spec.call, spec.path, "body: not JSON", [
        `not JSON: ${fields.contentType || "no content type"}, starts ${fields.start}`,
      ]);
    }
    const parsed = spec.schema.safeParse(readValue(json, spec.schema, { anyKeyCase: context.anyKeyCase }));
    if (!parsed.success) {
      const issues = describeIssues(parsed.error, json);
      const signature = issues.map((issue) => `${issue.path}:${issue.received}`).join(",");
      problems.report(spec.call, "contract", signature, { issues }, (logged) =>
        logFailure(context, log, logged, "legacy reply breaks the contract"),
      );
      const lines = issues.map(issueLine);
      throw new UpstreamContractError(
        spec.call,
        spec.path,
        issues[0] ? `${issues[0].path}: expected ${issues[0].expected}, received ${issues[0].received}` : "",
        lines,
      );
    }
    return parsed.data;
  }

  return {
    /** Binds a request's context (tenant, locale, tokens) to the client. */
    bind(context: CallContext): LegacyApi {
      return { request: (spec) => request(context, spec), asset: (spec) => asset(context, spec) };
    },
    async close() {
      await Promise.all([...pools.values()].map((pool) => pool.close()));
      pools.clear();
    },
  };
}
export type LegacyClient = ReturnType<typeof createLegacyClient>;
