// The one HTTP client for the legacy API: a keep-alive undici Pool per backend origin,
// explicit timeouts, retries of idempotent calls only, a circuit breaker per backend,
// token headers by the rules, replies read tolerantly (legacy-reply.server.ts) and then parsed
// with the contract's zod schemas, the status judged before the body.
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { LRUCache } from "lru-cache";
import { type Dispatcher, errors as undiciErrors } from "undici";
import type { z } from "zod";
import { BodyTooLargeError, readDecodedBody, UndecodableBodyError } from "../platform/bounded-body.server";
import { type Bulkhead, BulkheadFullError, createBulkhead } from "../platform/bulkhead.server";
import { type CircuitBreaker, createCircuitBreaker } from "../platform/circuit-breaker.server";
import type { Dialect } from "../platform/config.server";
import { withDeadline } from "../platform/deadline.server";
import { egressDispatcher, egressProxyConfigured } from "../platform/egress.server";
import type { Logger } from "../platform/logger.server";
import type { Metrics } from "../platform/metrics.server";
import { replyText, UnreadableReplyError } from "../platform/reply-text.server";
import { tracedCall } from "../platform/trace-context.server";
import { type BackendCookieJar, cookieNamesOf } from "./backend-cookies.server";
import {
  BackendBusyError,
  LegacyApiError,
  LinkEndedError,
  ReplyCutShortError,
  UpstreamContractError,
  UpstreamUnavailableError,
} from "./errors";
import {
  legacyErrorCodes,
  messageKeyForLegacyError,
  refusalsOfWhatWasSent,
  SESSION_EXPIRED_CODE,
  type UserMessageKey,
} from "./legacy-error-codes";
import { errorEnvelopeOf, type ErrorShape, isListSchema, jsonOf, legacyErrorOf, type ReadIssue, readValue } from "./legacy-reply.server";
import { type Paging, pagingDisagreements } from "./paging";
import {
  type ContractIssue,
  createProblemReporter,
  describeIssues,
  headingOf,
  issueLine,
  redactedMessage,
  redactedStart,
  titleOf,
} from "./reply-problems.server";

export type Tokens = { user?: string; recipient?: string; reward?: string; agency?: string };

export type CallContext = {
  backendUrl: string;
  /** The tenant's product API route, e.g. `/friday`. */
  apiRoute: string;
  tenant: string;
  locale: string;
  tokens: Tokens;
  /** How the tenant's backend writes its replies, as its entry declares it. */
  dialect: Dialect;
  /** The cookies the tenant's backend needs back, as its entry names them (a farm's affinity). */
  backendCookies?: readonly string[];
  /** This browser's backend cookies (backend-cookies.server.ts): sent on its calls, and what the backend sets kept. */
  cookieJar?: BackendCookieJar;
  /** Only the backend's answer now, never its last good reply (readiness, check-backend: they report the backend's state). */
  freshOnly?: boolean;
  /** When the page's calls must all be done (epoch ms): a call gets what is left of it, at most the timeout. */
  deadlineAt?: number;
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
  /**
   * The call's one business refusal (a login's wrong password, a lookup's unknown number): what a refusal
   * without a legacy code means (an envelope with only a message, a 4xx without a code).
   */
  refusalWithoutCode?: { status: number; code: string };
  /** A server-paged call's page and page size: its reply's counts are checked against its rows. */
  paging?: Paging;
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
  /** The largest reply read; a larger one is refused unread (2 MB). */
  maxReplyBytes?: number;
  /** A call slower than this is logged, once per call and tenant every few minutes (2 s). */
  slowMs?: number;
  /** Calls in flight to one backend before the next fails at once (128); its pictures have an eighth of it apart. */
  maxInFlight?: number;
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
/** A backend that says it is busy (429, 503) without saying for how long: the person is asked to come back after this. */
const BUSY_DEFAULT_SECONDS = 30;
/** The longest a backend's Retry-After holds its calls back: a wrong header never shuts a tenant for long. */
const BUSY_MAX_SECONDS = 120;
const INVALID_TOKEN = /\berror\s*=\s*"?invalid_token\b/i;
/** The reward booking (`praemierung/…`) and the customer-number calls; not `empfehler/praemierungmail`, a recommender's call. */
const REWARD_TOKEN_PATH = /^\/?praemierung(\/|$)|kundennummer/i;
const RECIPIENT_PATH = /^\/?empfaenger\//i;
const RECOMMENDER_PATH = /^\/?empfehler\//i;
const AGENCY_PATH = /^\/?(agentur|einladung)\b/i;

type TokenKind = "user" | "recipient" | "reward" | "agency";

/** A reply whose body ended early: told apart from a backend that never answered. */
class CutShort extends Error {}

/** Which of the request's tokens a call to this path carries, if any. */
function tokenKindForPath(path: string, tokens: Tokens): TokenKind | undefined {
  const token = tokenForPath(path, tokens);
  if (token === undefined) return undefined;
  return (["reward", "agency", "recipient", "user"] as const).find((kind) => tokens[kind] === token);
}

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
  const cookies = context.cookieJar?.header();
  if (cookies) headers.cookie = cookies;
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

type Refusal = { status: number; code: string | undefined; invalidToken: boolean };

/** An error reply as read: its status (an envelope's own), its legacy code and shape, and a message where it gave one without a code. */
type ErrorReading = { status: number; code?: string; shape: ErrorShape; message?: string };

/**
 * What a refusal ends, by the token the call carried: a recommender's or agency's session on PSOF0204
 * or on any 401 that does not refuse what was sent; a recipient's or reward's link on any 401. A 403
 * whose code the error table does not know (a newer framework's problem+json, a gateway's "forbidden")
 * and `WWW-Authenticate: Bearer error="invalid_token"` say the token is no good, as a 401 does; a 403
 * the table knows (a role that may not do this) keeps its meaning.
 */
function tokenEndOf({ status, code, invalidToken }: Refusal, path: string, tokens: Tokens): "session" | "recipient" | "reward" | null {
  const kind = tokenKindForPath(path, tokens);
  // Only a call that carried a token has something to end.
  if (kind === undefined) return null;
  const tokenNoGood = invalidToken || (status === 403 && !(code && code in legacyErrorCodes));
  if (kind === "recipient" || kind === "reward") return status === 401 || tokenNoGood ? kind : null;
  const refusesSentValue = code !== undefined && refusalsOfWhatWasSent.has(code);
  return code === SESSION_EXPIRED_CODE || tokenNoGood || (status === 401 && !refusesSentValue) ? "session" : null;
}

/**
 * A body kept for minutes, in memory of its own size. A small Buffer is a slice of an 8 KB pool that other
 * allocations share: one kept slice holds the whole pool, so kept replies cost many times their count
 * (the soak saw memory outside the heap grow 8 MB a minute for the cache's ten minutes).
 */
export function ownCopy(body: Buffer) {
  const own = Buffer.allocUnsafeSlow(body.length);
  body.copy(own);
  return own;
}

/** The call every backend serves for every tenant: a 404 there without a code means a wrong address. */
const TENANT_CONFIG_CALL = "getTenantConfig";

/** What a failure to reach a backend usually means behind a company's network, and what to set. */
const NETWORK_HINTS: [RegExp, string][] = [
  [
    /SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE|DEPTH_ZERO_SELF_SIGNED_CERT/,
    "the backend's certificate comes from a CA Node does not trust (a company's own): give it with NODE_EXTRA_CA_CERTS=/path/ca.pem, read at start",
  ],
  [
    /ENOTFOUND|EAI_AGAIN/,
    "the backend's host is not found here: behind an egress proxy, set HTTPS_PROXY (and NO_PROXY for hosts reached directly)",
  ],
];

/** A connection's failure with its cause's code, and what to set where it is a company network's usual one. */
function withNetworkHint(error: Error) {
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  const code = (error as Error & { code?: string }).code ?? "";
  const said = `${code} ${cause?.code ?? ""} ${error.message} ${cause?.message ?? ""}`;
  const hint = NETWORK_HINTS.find(([pattern]) => pattern.test(said))?.[1];
  const message = cause?.message && !error.message.includes(cause.message) ? `${error.message}: ${cause.message}` : error.message;
  return hint && !(hint.includes("HTTPS_PROXY") && egressProxyConfigured()) ? `${message} (${hint})` : message;
}

/** A 401 that asks for Windows authentication (IIS's Negotiate and NTLM), not for a token. */
const WINDOWS_AUTHENTICATION = /\b(Negotiate|NTLM)\b/i;

/** Where forms authentication, WS-Federation or a gateway sends a browser to sign in. */
const SIGN_IN_LOCATION = /log[io]n|sign-?in|ReturnUrl=|wsignin|wa=wsignin1\.0/i;
/** An HTML page titled as a sign-in, in the languages such pages come in. */
const SIGN_IN_TITLE = /\b(log ?in|log ?on|sign ?in|anmeld|einloggen)/i;

const LINK_ENDED_MESSAGES: Record<"recipient" | "reward", UserMessageKey> = { recipient: "linkExpired", reward: "rewardTokenExpired" };

function headerValue(headers: Record<string, string | string[] | undefined>, name: string) {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

export function createLegacyClient(options: LegacyClientOptions) {
  const { timeoutMs, connectTimeoutMs, logger, retries = 2, retryDelayMs = 100, maxRetryAfterMs = 2_000 } = options;
  const { maxReplyBytes = 2 * 1024 * 1024, slowMs = 2_000, maxInFlight = 128 } = options;
  const problems = createProblemReporter({ onProblem: (call, kind) => options.metrics?.legacyReplyProblems.inc({ call, kind }) });
  const slowCalls = createProblemReporter();
  /** Cookies not sent back are a tenant's matter, said once per tenant and names, whichever call met them first. */
  const cookiesNotSentBack = createProblemReporter();
  const pools = new Map<string, Dispatcher>();
  const bulkheads = new Map<string, Bulkhead>();
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

  /** Calls and pictures go to each backend through pools and budgets of their own: hanging pictures never hold up a page's calls. */
  type Lane = "calls" | "pictures";

  function bulkheadFor(origin: string, lane: Lane) {
    const key = `${lane} ${origin}`;
    let bulkhead = bulkheads.get(key);
    if (!bulkhead) {
      bulkhead = createBulkhead(key, lane === "calls" ? maxInFlight : Math.max(4, Math.ceil(maxInFlight / 8)));
      bulkheads.set(key, bulkhead);
    }
    return bulkhead;
  }

  /**
   * Each backend's connections, by lane; through the company's egress proxy where the environment names
   * one (HTTPS_PROXY, HTTP_PROXY, and NO_PROXY for the hosts reached directly), as curl and most tools read them.
   */
  function poolFor(origin: string, lane: Lane) {
    const key = `${lane} ${origin}`;
    let pool = pools.get(key);
    if (!pool) {
      const settings = {
        connections: lane === "calls" ? 64 : 8,
        keepAliveTimeout: 10_000,
        connect: { timeout: connectTimeoutMs },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      };
      pool = egressDispatcher(origin, settings);
      pools.set(key, pool);
    }
    return pool;
  }

  /** Until when each backend asked, with Retry-After, not to be called. */
  const busyUntil = new Map<string, number>();

  function breakerFor(origin: string) {
    let breaker = breakers.get(origin);
    if (!breaker) {
      const onOpen = (cause: string) =>
        logger.warn({ upstream: origin, cause }, "legacy backend's circuit opened: its calls fail fast for a while");
      const created = createCircuitBreaker({ ...options.breaker, onOpen });
      breakers.set(origin, created);
      options.metrics?.watchBreaker(origin, () => created.state);
      breaker = created;
    }
    return breaker;
  }

  type Exchange = {
    url: URL;
    method: Method;
    headers: Record<string, string>;
    payload: string | undefined;
    signal: AbortSignal;
    lane: Lane;
    /** The call's name and its tenant, for its span. */
    call: string;
    tenant: string;
  };

  /** One try of a call, traced as a span of its own (its name and tenant, never its path, which may carry a number). */
  function send(exchange: Exchange) {
    const attributes = { "http.request.method": exchange.method, "server.address": exchange.url.host, "portal.tenant": exchange.tenant };
    return tracedCall(
      `${exchange.method} ${exchange.call}`,
      attributes,
      (traceHeaders) => exchangeOnce(exchange, traceHeaders),
      (reply) => reply.status,
    );
  }

  async function exchangeOnce({ url, method, headers, payload, signal, lane }: Exchange, traceHeaders: Record<string, string>) {
    const response = await poolFor(url.origin, lane).request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method,
      headers: { ...headers, ...traceHeaders },
      body: payload,
      signal,
    });
    const declared = Number(response.headers["content-length"]);
    // A body not read whole is destroyed: undici would keep the socket busy otherwise.
    if (declared > maxReplyBytes) {
      response.body.destroy();
      throw new BodyTooLargeError(declared, declared, maxReplyBytes);
    }
    try {
      const body = await readDecodedBody(response.body, response.headers["content-encoding"], maxReplyBytes);
      return { status: response.statusCode, headers: response.headers, body };
    } catch (error) {
      if (error instanceof BodyTooLargeError || error instanceof UndecodableBodyError || signal.aborted) throw error;
      const framing = Number.isFinite(declared) ? `its Content-Length of ${declared} bytes not sent` : "its chunks stopped before the last";
      throw new CutShort(`reply cut short: ${response.statusCode}, ${framing} (${(error as Error).message})`);
    }
  }

  type Reply = Awaited<ReturnType<typeof exchangeOnce>>;

  /** What a kept reply needs: its status, its type and its body; the other headers would only take room. */
  function keptReply({ status, headers, body }: Reply): Reply {
    const contentType = headers["content-type"];
    return { status, headers: contentType === undefined ? {} : { "content-type": contentType }, body: ownCopy(body) };
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
    const { "x-request-id": _requestId, cookie: _affinity, ...shaping } = headers;
    return createHash("sha256")
      .update(JSON.stringify([url.href, shaping]))
      .digest("base64url");
  }

  /** A reply over the limit, on the wire or decoded: one warning per call naming its sizes, and a refusal; never read whole. */
  function tooLarge(context: CallContext, spec: Omit<LegacyRequest<unknown>, "schema">, log: Logger, error: BodyTooLargeError): never {
    const fields = { tenant: context.tenant, wireBytes: error.wireBytes, decodedBytes: error.decodedBytes, limit: maxReplyBytes };
    problems.report(spec.call, "too-large", String(maxReplyBytes), fields, (logged) =>
      logFailure(context, log, logged, "legacy reply over the size limit: refused, read no further"),
    );
    throw new UpstreamContractError(spec.call, spec.path, "body: too large", [
      `a reply of ${error.wireBytes} bytes on the wire, ${error.decodedBytes} or more decoded, over the limit of ${maxReplyBytes} (UPSTREAM_MAX_REPLY_BYTES)`,
    ]);
  }

  /** A body that cannot be decoded (its Content-Encoding or its charset): refused loudly, naming what failed. */
  function unreadable(context: CallContext, spec: Omit<LegacyRequest<unknown>, "schema">, log: Logger, problem: string): never {
    problems.report(spec.call, "unreadable", problem, { tenant: context.tenant, problem }, (logged) =>
      logFailure(context, log, logged, "legacy reply cannot be decoded"),
    );
    throw new UpstreamContractError(spec.call, spec.path, "body", [problem]);
  }

  /** One call with its retries and the breaker, within the backend's budget of calls in flight; the reply as it came. */
  async function exchange(
    context: CallContext,
    spec: Omit<LegacyRequest<unknown>, "schema">,
    lane: Lane = "calls",
  ): Promise<{ reply: Reply; log: Logger }> {
    const url = legacyUrl(context, spec);
    const log = logger.child({ requestId: context.requestId, tenant: context.tenant, call: spec.call, upstream: url.pathname });
    const budgetMs = context.deadlineAt === undefined ? timeoutMs : Math.min(timeoutMs, context.deadlineAt - Date.now());
    try {
      return await bulkheadFor(url.origin, lane).run(() =>
        withDeadline(Math.max(0, budgetMs), (signal) =>
          attempts({ context, spec, url, lane, log, signal, pageDeadline: budgetMs < timeoutMs }),
        ),
      );
    } catch (error) {
      if (error instanceof BulkheadFullError) {
        logFailure(context, log, { lane }, "legacy call refused: its backend has too many calls in flight");
        throw new UpstreamUnavailableError(spec.call, error.message);
      }
      if (error instanceof BodyTooLargeError) tooLarge(context, spec, log, error);
      if (error instanceof UndecodableBodyError) unreadable(context, spec, log, error.message);
      throw error;
    }
  }

  type Attempts = {
    context: CallContext;
    spec: Omit<LegacyRequest<unknown>, "schema">;
    url: URL;
    lane: Lane;
    log: Logger;
    /** The call's deadline, for all its tries together. */
    signal: AbortSignal;
    /** Whether that deadline is the page's (what is left of it), not the call's own timeout. */
    pageDeadline: boolean;
  };

  async function attempts({ context, spec, url, lane, log, signal, pageDeadline }: Attempts): Promise<{ reply: Reply; log: Logger }> {
    const method = spec.method ?? "GET";
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const headers = legacyHeaders(context, spec.path, body !== undefined);
    const breaker = breakerFor(url.origin);
    const tries = RETRYABLE_METHODS.has(method) ? retries + 1 : 1;
    const staleKey = lastGoodKey(method, url, headers);
    const unavailable = (reason: string, attempt: number, error = new UpstreamUnavailableError(spec.call, reason)) => {
      const stale = staleKey && !context.freshOnly ? lastGoodReplies.get(staleKey) : undefined;
      if (stale) {
        log.info({ reason, attempt }, "legacy call failed: served its last good reply");
        return { reply: stale, log };
      }
      logFailure(context, log, { reason, attempt }, "legacy call failed");
      throw error;
    };
    /** The backend said it is busy: no call to it before its Retry-After has passed, and the person is asked to come back. */
    const busy = (status: number, waitMs: number | undefined, attempt: number) => {
      const seconds = Math.min(BUSY_MAX_SECONDS, Math.max(1, Math.ceil((waitMs ?? BUSY_DEFAULT_SECONDS * 1000) / 1000)));
      if (waitMs !== undefined) busyUntil.set(url.origin, Date.now() + seconds * 1000);
      return unavailable(
        `answered ${status}: busy, Retry-After ${waitMs === undefined ? "not given" : `${seconds} s`}`,
        attempt,
        new BackendBusyError(spec.call, seconds),
      );
    };

    const timedOut = pageDeadline ? "the deadline of its page (or readiness check) passed" : "timeout";
    for (let attempt = 1; ; attempt++) {
      // Nothing is asked once the page's time is up: the backend did nothing wrong yet.
      if (signal.aborted || (pageDeadline && context.deadlineAt! <= Date.now())) return unavailable(timedOut, attempt);
      const waitLeftMs = (busyUntil.get(url.origin) ?? 0) - Date.now();
      if (waitLeftMs > 0)
        return unavailable(
          "its backend asked to wait (Retry-After)",
          attempt,
          new BackendBusyError(spec.call, Math.ceil(waitLeftMs / 1000)),
        );
      if (!breaker.allowRequest()) return unavailable(`circuit open, opened by: ${breaker.openedBy ?? "failed calls"}`, attempt);
      let reply: Reply;
      try {
        reply = await send({ url, method, headers, payload: body, signal, lane, call: spec.call, tenant: context.tenant });
      } catch (error) {
        // The backend answered: what it sent is refused, the backend is not down.
        if (error instanceof BodyTooLargeError || error instanceof UndecodableBodyError) throw error;
        const reason = signal.aborted ? timedOut : withNetworkHint(error as Error);
        breaker.recordFailure(reason);
        if (attempt < tries && !signal.aborted && (isConnectionError(error) || error instanceof CutShort)) {
          await sleep(retryDelayMs * attempt);
          continue;
        }
        return unavailable(reason, attempt, error instanceof CutShort ? new ReplyCutShortError(spec.call, reason) : undefined);
      }

      keepBackendCookies(reply, context, spec, log);
      if (reply.status >= 500) breaker.recordFailure(`answered ${reply.status}`);
      else breaker.recordSuccess();
      if (staleKey && reply.status >= 200 && reply.status < 300) lastGoodReplies.set(staleKey, keptReply(reply));

      if (attempt < tries && RETRYABLE_STATUSES.has(reply.status)) {
        const wait = retryAfterMs(reply.headers["retry-after"]) ?? retryDelayMs * attempt;
        if (wait <= maxRetryAfterMs) {
          await sleep(wait);
          continue;
        }
      }
      if (reply.status === 429 || reply.status === 503) return busy(reply.status, retryAfterMs(reply.headers["retry-after"]), attempt);
      return { reply, log };
    }
  }

  /**
   * The cookies a reply sets: those the tenant's entry names are kept in the browser's jar; the others are
   * named (never their values) once per tenant and names, as the portal does not send them back.
   */
  function keepBackendCookies(reply: Reply, context: CallContext, spec: Omit<LegacyRequest<unknown>, "schema">, log: Logger) {
    const header = reply.headers["set-cookie"];
    if (!header) return;
    const setCookies = Array.isArray(header) ? header : [header];
    const named = context.backendCookies ?? [];
    const notKept = context.cookieJar?.take(setCookies) ?? cookieNamesOf(setCookies).filter((name) => !named.includes(name));
    if (notKept.length === 0) return;
    const fields = {
      tenant: context.tenant,
      notSentBack: notKept,
      hint: "where the backend needs them back (a farm's affinity: ARRAffinity), name them in the tenant's backendCookies (TENANTS_FILE)",
    };
    cookiesNotSentBack.report(context.tenant, "cookies", notKept.join(","), fields, (logged) =>
      log.warn(logged, "legacy backend set cookies the portal does not send back"),
    );
  }

  /** A call's duration for /metrics (by tenant, call and outcome), and a warning when it was slow. */
  async function timed<T>(context: CallContext, call: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    let outcome = "ok";
    try {
      return await run();
    } catch (error) {
      outcome = outcomeOf(error);
      throw error;
    } finally {
      const seconds = (performance.now() - started) / 1000;
      options.metrics?.legacyCalls.observe({ tenant: context.tenant, call, outcome }, seconds);
      if (seconds * 1000 >= slowMs) {
        const fields = { tenant: context.tenant, call, ms: Math.round(seconds * 1000), outcome, slowMs };
        slowCalls.report(`${context.tenant} ${call}`, "slow", "", fields, (logged) => logger.warn(logged, "legacy call slow"));
      }
    }
  }

  function request<T>(context: CallContext, spec: LegacyRequest<T>): Promise<T> {
    return timed(context, spec.call, async () => {
      const { reply, log } = await exchange(context, spec);
      return interpret(reply, spec, context, log);
    });
  }

  async function asset(context: CallContext, spec: { call: string; base?: "general" | "product"; path: string }): Promise<LegacyAsset> {
    const { reply } = await timed(context, spec.call, () => exchange(context, spec, "pictures"));
    const contentType = reply.headers["content-type"];
    return {
      status: reply.status,
      contentType: String(Array.isArray(contentType) ? contentType[0] : (contentType ?? "application/octet-stream")),
      body: reply.body,
    };
  }

  /** The reply's text in its declared charset, or a loud refusal naming what could not be decoded. */
  function textOf(reply: Reply, spec: LegacyRequest<unknown>, context: CallContext, log: Logger) {
    try {
      return replyText(reply.body, reply.headers);
    } catch (error) {
      if (!(error instanceof UnreadableReplyError)) throw error;
      return unreadable(context, spec, log, error.message);
    }
  }

  /**
   * A redirect is never passed on to the person: the backend (or a gateway before it) answered where it
   * should not. One to a sign-in page (ASP.NET forms authentication's answer to a ticket that expired)
   * on a call that carried a token is what a 401 says: that session or link has ended.
   */
  function redirected(reply: Reply, spec: LegacyRequest<unknown>, context: CallContext, log: Logger): never {
    const location = headerValue(reply.headers, "location");
    const toSignIn = SIGN_IN_LOCATION.test(location);
    if (toSignIn) tokenAskedForSignIn(reply, spec, context, log, `a redirect to a sign-in page (${location})`);
    const fields = { status: reply.status, location };
    problems.report(spec.call, "redirect", `${reply.status} ${location}`, fields, (logged) =>
      logFailure(context, log, logged, "legacy call answered a redirect: not followed"),
    );
    throw new UpstreamContractError(spec.call, spec.path, `a redirect (${reply.status})${toSignIn ? " to a sign-in page" : ""}`, [
      toSignIn
        ? `answered ${reply.status} to a sign-in page (${location}): the backend asks for a login (forms authentication) where the portal sends none; exempt /api/v1 from it`
        : `answered ${reply.status} to ${location || "no Location"}: the backend URL may lack a path or a trailing slash, or a gateway asks for a login`,
    ]);
  }

  /** A sign-in asked of a call that carried a token: read as a 401, which ends that session or link; nothing where it carried none. */
  function tokenAskedForSignIn(reply: Reply, spec: LegacyRequest<unknown>, context: CallContext, log: Logger, what: string) {
    if (tokenKindForPath(spec.path, context.tokens) === undefined) return;
    log.info({ status: reply.status, answered: what }, "legacy call answered a sign-in page for its token: read as 401");
    refusal(reply, "", spec, context, log, { status: 401, shape: "empty" });
  }

  /**
   * An error status, judged before the body: its legacy code wherever the framework put it; or an error
   * envelope in a 200 (`{"Success": false, …}`), with the status the envelope stands for.
   */
  function refusal(
    reply: Reply,
    text: string,
    spec: LegacyRequest<unknown>,
    context: CallContext,
    log: Logger,
    sent: ErrorReading = { status: reply.status, ...legacyErrorOf(text) },
  ): never {
    const challenge = headerValue(reply.headers, "www-authenticate");
    if (sent.status === 401 && WINDOWS_AUTHENTICATION.test(challenge) && !/\bBearer\b/i.test(challenge))
      windowsAuthentication(reply, text, spec, context, log, challenge);
    const meant = meaningWithoutCode(sent, spec, context);
    const { status, code, shape } = meant ? { ...sent, ...meant } : sent;
    const invalidToken = INVALID_TOKEN.test(challenge);
    const ended = tokenEndOf({ status, code, invalidToken }, spec.path, context.tokens);
    if (!sent.code && sent.message !== undefined && !ended) messageWithoutCode(sent, meant, spec, context, log);
    const sessionEnded = ended === "session";
    const effectiveCode = sessionEnded ? SESSION_EXPIRED_CODE : code;
    // One line for an error the portal cannot read: the framework's own page or an unknown body.
    if (!code && status !== 404 && (shape === "unknown" || shape === "html")) {
      const heading = headingOf(text);
      const fields = {
        status: status,
        contentType: headerValue(reply.headers, "content-type"),
        start: redactedStart(text),
        ...(heading ? { heading } : {}),
      };
      problems.report(spec.call, "error-shape", `${status} ${shape}`, fields, (logged) =>
        logFailure(context, log, logged, "legacy error reply of an unknown shape"),
      );
    }
    if (shape === "envelope" && sent.code)
      problems.report(spec.call, "envelope", code ?? "", { code, status }, (logged) =>
        logFailure(context, log, logged, 'legacy call answered an error in a 200 envelope ("Success": false): read as that error'),
      );
    // A refusal (4xx) is part of a journey; a 5xx, or the end of a session (with or without one to end), is worth a warning.
    if (status >= 500 || effectiveCode === SESSION_EXPIRED_CODE)
      logFailure(context, log, { status, code, shape }, "legacy call answered an error");
    else log.info({ status, code, shape }, "legacy call answered an error");
    if (ended === "recipient" || ended === "reward") {
      const known = messageKeyForLegacyError(status, code);
      const messageKey = known === "rewardTokenInvalid" ? known : LINK_ENDED_MESSAGES[ended];
      throw new LinkEndedError(spec.call, status, code, messageKey, ended);
    }
    if (status === 404 && !code && spec.call === TENANT_CONFIG_CALL) unknownAddress(spec);
    const sessionEndCookies = sessionEnded ? context.onSessionExpired(spec.path) : [];
    throw new LegacyApiError(spec.call, status, effectiveCode, messageKeyForLegacyError(status, effectiveCode), sessionEndCookies);
  }

  /**
   * What a refusal without a legacy code means: the call's one business refusal, where it has one and the
   * refusal is the backend's word on what was sent: an envelope, a 400, or the refusal's own status (a login's
   * 401 where the call carried no token, a lookup's 404). Any other status keeps its meaning (a 404 on a login
   * is an address the backend does not serve, not a wrong password).
   */
  function meaningWithoutCode({ status, code, shape }: ErrorReading, spec: LegacyRequest<unknown>, context: CallContext) {
    const refusal = spec.refusalWithoutCode;
    if (code || !refusal) return undefined;
    const endsToken = (status === 401 || status === 403) && tokenKindForPath(spec.path, context.tokens) !== undefined;
    const refusesSent = !endsToken && (status === 400 || status === refusal.status);
    return shape === "envelope" || refusesSent ? refusal : undefined;
  }

  /** A refusal that gives only a message: the message in the log (cut, redacted), with what the portal made of it and what to ask for. */
  function messageWithoutCode(
    { status, shape, message = "" }: ErrorReading,
    meant: LegacyRequest<unknown>["refusalWithoutCode"],
    spec: LegacyRequest<unknown>,
    context: CallContext,
    log: Logger,
  ) {
    const read = meant ? `read as the call's one refusal, ${meant.code}` : "read as a technical error";
    const fields = {
      status,
      shape,
      message: redactedMessage(message),
      hint: `an error without a legacy code, only a message: ${read}; the portal tells people what went wrong by the code (ErrorCode, docs/legacy-error-codes.md)`,
    };
    problems.report(spec.call, "no-code", `${status} ${shape}`, fields, (logged) =>
      logFailure(context, log, logged, "legacy call answered an error with a message and no code"),
    );
  }

  /**
   * A 401 asking for Windows authentication: the backend (IIS) wants Negotiate or NTLM on every call, which
   * no token answers. No session or link has ended; the operator must exempt the API from it.
   */
  function windowsAuthentication(
    reply: Reply,
    text: string,
    spec: LegacyRequest<unknown>,
    context: CallContext,
    log: Logger,
    challenge: string,
  ): never {
    const heading = headingOf(text);
    const fields = { status: reply.status, wwwAuthenticate: challenge, ...(heading ? { heading } : {}) };
    problems.report(spec.call, "windows-auth", challenge, fields, (logged) =>
      logFailure(context, log, logged, "legacy call answered 401 asking for Windows authentication (Negotiate, NTLM)"),
    );
    throw new UpstreamContractError(spec.call, spec.path, "401 asking for Windows authentication", [
      `answered 401 with WWW-Authenticate: ${challenge}: the backend asks for Windows authentication (IIS); the portal sends tokens, so exempt /api/v1 from Windows authentication (anonymous authentication on)`,
    ]);
  }

  /**
   * The tenant's configuration, which every backend serves, answered with a 404 no application wrote (IIS's
   * page, the framework's "No HTTP resource"): the address is not the API's, most often for a path prefix the
   * configured URL lacks.
   */
  function unknownAddress(spec: LegacyRequest<unknown>): never {
    throw new UpstreamContractError(spec.call, spec.path, "404 without a legacy code", [
      `answered 404 without a legacy code at ${spec.path}: the backend URL may lack its path prefix (LEGACY_API_URL, or backendUrl in TENANTS_FILE, as https://host/prefix/, the part before /api/v1)`,
    ]);
  }

  /** A list call's 404 without a legacy code: an empty list, as some backends say it, with a warning once. */
  function emptyList<T>(spec: LegacyRequest<T>, context: CallContext, log: Logger): T {
    problems.report(spec.call, "empty-as-404", "", { status: 404 }, (logged) =>
      log.warn(logged, "legacy list call answered 404 without a code: read as an empty list"),
    );
    return spec.schema.parse([]);
  }

  function notJson(reply: Reply, text: string, spec: LegacyRequest<unknown>, context: CallContext, log: Logger): never {
    const title = titleOf(text);
    if (title && SIGN_IN_TITLE.test(title)) tokenAskedForSignIn(reply, spec, context, log, `a sign-in page ("${title}")`);
    const fields = {
      status: reply.status,
      contentType: headerValue(reply.headers, "content-type"),
      contentEncoding: headerValue(reply.headers, "content-encoding"),
      start: redactedStart(text),
      ...(title ? { title } : {}),
    };
    problems.report(spec.call, "not-json", fields.contentType, fields, (logged) =>
      logFailure(context, log, logged, "legacy reply is not JSON"),
    );
    throw new UpstreamContractError(spec.call, spec.path, "body: not JSON", [
      title
        ? `an HTML page titled "${title}" (a gateway's login or error page?), not JSON`
        : `not JSON: ${fields.contentType || "no content type"}, starts ${fields.start}`,
    ]);
  }

  function broken(spec: LegacyRequest<unknown>, context: CallContext, log: Logger, issues: ContractIssue[]): never {
    const signature = issues.map((issue) => `${issue.path}:${issue.received}`).join(",");
    problems.report(spec.call, "contract", signature, { tenant: context.tenant, issues }, (logged) =>
      logFailure(context, log, logged, "legacy reply breaks the contract"),
    );
    const first = issues[0];
    const field = first ? `${first.path}: expected ${first.expected}, received ${first.received}` : "";
    throw new UpstreamContractError(spec.call, spec.path, field, issues.map(issueLine));
  }

  /** `null` or an empty body where the call returns an object: the reply says nothing, and the log and readiness say so. */
  function nothingAnswered(spec: LegacyRequest<unknown>, context: CallContext, log: Logger, text: string): never {
    const received = text.trim() === "" ? "an empty body" : "null";
    broken(spec, context, log, [
      {
        path: "(the reply)",
        expected: "an object",
        received,
        sample: received,
        hint: "the backend answered nothing where the call returns an object",
      },
    ]);
  }

  /** A reply read as meant though spelt otherwise (a casing, a boolean as text, a control character dropped): a warning the first time. */
  function readAsMeant(spec: LegacyRequest<unknown>, context: CallContext, log: Logger, notes: ReadIssue[]) {
    const signature = notes.map((note) => `${note.path}:${note.hint}`).join(",");
    problems.report(spec.call, "repaired", signature, { tenant: context.tenant, notes }, (logged) =>
      log.warn(logged, "legacy reply read as meant, though spelt otherwise"),
    );
  }

  function interpret<T>(reply: Reply, spec: LegacyRequest<T>, context: CallContext, log: Logger): T {
    if (reply.status >= 300 && reply.status < 400) redirected(reply, spec, context, log);
    const text = textOf(reply, spec, context, log);
    if (reply.status === 404 && isListSchema(spec.schema) && !legacyErrorOf(text).code) return emptyList(spec, context, log);
    if (reply.status < 200 || reply.status >= 300) refusal(reply, text, spec, context, log);
    const json = jsonOf(text);
    if (json === undefined) notJson(reply, text, spec, context, log);
    const envelope = errorEnvelopeOf(json, spec.schema);
    if (envelope) refusal(reply, text, spec, context, log, { ...envelope, shape: "envelope" });
    const readIssues: ReadIssue[] = [];
    const notes: ReadIssue[] = [];
    const read = readValue(json, spec.schema, { dialect: context.dialect, issues: readIssues, notes });
    if (notes.length > 0) readAsMeant(spec, context, log, notes);
    if (readIssues.length > 0)
      broken(
        spec,
        context,
        log,
        readIssues.map((issue) => ({ ...issue, sample: issue.received })),
      );
    const parsed = spec.schema.safeParse(read);
    if (!parsed.success && json === null) nothingAnswered(spec, context, log, text);
    if (!parsed.success) broken(spec, context, log, describeIssues(parsed.error, json));
    if (spec.paging) checkPaging(parsed.data, spec.paging, spec, context, log);
    return parsed.data;
  }

  /** A page whose counts disagree with its rows: shown by its rows (paging.ts), and the operator hears of it once per call. */
  function checkPaging(reply: unknown, paging: Paging, spec: LegacyRequest<unknown>, context: CallContext, log: Logger) {
    const disagreements = pagingDisagreements(reply as Parameters<typeof pagingDisagreements>[0], paging);
    if (disagreements.length === 0) return;
    const fields = {
      tenant: context.tenant,
      disagreements,
      hint: "the page's TotalCount, PageCount or HasNext disagree with its rows: shown by the rows, a next page offered while they come back full",
    };
    problems.report(spec.call, "paging", "", fields, (logged) => log.warn(logged, "legacy paging disagrees with its rows"));
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
