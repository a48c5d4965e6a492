// The headless content service: a client-credentials token (form POST), cached and renewed once
// on a 401 with one retry; content cached per tenant and language. A network failure rejects
// with 'Inhalt nicht verfügbar', and pages render without the missing block.
import { Readable } from "node:stream";
import type { Dispatcher } from "undici";
import { z } from "zod";
import { type TenantConfig } from "../legacy/contract";
import { ContentUnavailableError, UpstreamContractError } from "../legacy/errors";
import { BodyTooLargeError, readDecodedBody, UndecodableBodyError } from "../platform/bounded-body.server";
import { BulkheadFullError, createBulkhead } from "../platform/bulkhead.server";
import { withDeadline } from "../platform/deadline.server";
import { egressDispatcher } from "../platform/egress.server";
import type { Logger } from "../platform/logger.server";
import { replyText, UnreadableReplyError } from "../platform/reply-text.server";
import { tracedCall } from "../platform/trace-context.server";
import type { SharedReads } from "../tenant/shared-reads.server";
import { cmsTokenSchema, cmsVariablesSchema, contentBlockSchema, faqListSchema, footnoteListSchema, keyVisualSchema } from "./replies";

export type CmsCredentials = Pick<TenantConfig, "CmsAppName" | "CmsClientId" | "CmsClientSecret">;

type CmsOptions = {
  cmsUrl: string;
  timeoutMs: number;
  connectTimeoutMs: number;
  /** The largest content reply read (pictures have CMS_PICTURE_MAX_BYTES). */
  maxReplyBytes?: number;
  /** Content calls in flight before the next fails at once; pictures have an eighth of it, apart. */
  maxInFlight?: number;
  logger: Logger;
  sharedReads: SharedReads;
};

const TOKEN_EXPIRY_MARGIN_MS = 30_000;
const VARIABLES_QUERY = "query Variables($app: String!) { variables(app: $app) }";

/** A CMS text with its `{{Name}}` variables filled in; an unknown name stays as it is. */
export function withVariables(text: string, variables: Record<string, string>) {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => variables[name] ?? whole);
}

/** Where the portal serves the CMS's pictures. */
export const CMS_PICTURE_PATH = "/cmsbild";
/** A key visual at the largest size the page asks for is well under this. */
export const CMS_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
const PICTURE_TYPES = /^image\/(png|jpeg|gif|webp|avif|svg\+xml)$/;

type UpstreamBody = Readable & { dump(): Promise<void> };
export type CmsPicture =
  | { kind: "picture"; contentType: string; etag: string | null; body: Readable }
  | { kind: "unchanged"; etag: string | null }
  | { kind: "none" };

/** What the browser may get of a CMS reply: a picture of an allowed type and size, or nothing. */
async function pictureFrom(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body: UpstreamBody,
): Promise<CmsPicture> {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const etag = header("etag") ?? null;
  if (status === 304) {
    await body.dump();
    return { kind: "unchanged", etag };
  }
  const contentType = (header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const declared = Number(header("content-length") ?? 0);
  if (status !== 200 || !PICTURE_TYPES.test(contentType) || declared > CMS_PICTURE_MAX_BYTES) {
    await body.dump();
    return { kind: "none" };
  }
  // Read whole within the limit, its Content-Encoding undone with a cap: a picture is at most 2 MB.
  const picture = await readDecodedBody(body, headers["content-encoding"], CMS_PICTURE_MAX_BYTES).catch(() => null);
  return picture ? { kind: "picture", contentType, etag, body: Readable.from([picture]) } : { kind: "none" };
}

export function createCmsClient(options: CmsOptions) {
  const { cmsUrl, timeoutMs, connectTimeoutMs, logger, sharedReads, maxReplyBytes = 2 * 1024 * 1024, maxInFlight = 128 } = options;
  const base = new URL(cmsUrl);
  const prefix = base.pathname.replace(/\/$/, "");
  // Content and pictures each have their connections and their budget: pictures the CMS never sends
  // cannot hold up another tenant's FAQ (docs/decisions/053).
  // Through the company's egress proxy where the environment names one, as the legacy API's calls.
  const poolOf = (connections: number) =>
    egressDispatcher(base.origin, {
      connections,
      connect: { timeout: connectTimeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  const pool = poolOf(16);
  const picturePool = poolOf(8);
  const contentCalls = createBulkhead("cms content", maxInFlight);
  const pictureCalls = createBulkhead("cms pictures", Math.max(4, Math.ceil(maxInFlight / 8)));
  const tokens = new Map<string, { token: string; expiresAt: number }>();
  /** A CMS request, traced as a call of its own (ended when its reply's head arrives). */
  const tracedRequest = (target: Dispatcher, options: Omit<Dispatcher.RequestOptions, "origin"> & { method: string }) =>
    tracedCall(
      `${options.method} cms`,
      { "http.request.method": options.method, "server.address": base.host },
      (traceHeaders) =>
        target.request({ ...options, origin: base.origin, headers: { ...(options.headers as Record<string, string>), ...traceHeaders } }),
      (response) => response.statusCode,
    );
  const pendingTokens = new Map<string, Promise<string>>();

  async function send(path: string, init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string }) {
    try {
      return await contentCalls.run(() =>
        withDeadline(timeoutMs, async (signal) => {
          const response = await tracedRequest(pool, { path: `${prefix}${path}`, ...init, signal });
          const body = await readDecodedBody(response.body, response.headers["content-encoding"], maxReplyBytes);
          return { status: response.statusCode, text: replyText(body, response.headers) };
        }),
      );
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        logger.warn(
          { upstream: path, wireBytes: error.wireBytes, decodedBytes: error.decodedBytes, limit: maxReplyBytes },
          "content reply over the size limit: refused",
        );
      else if (error instanceof BulkheadFullError || error instanceof UndecodableBodyError || error instanceof UnreadableReplyError)
        logger.warn({ upstream: path, problem: error.message }, "content call refused");
      throw new ContentUnavailableError(path);
    }
  }

  async function fetchToken(credentials: CmsCredentials): Promise<string> {
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: credentials.CmsClientId,
      client_secret: credentials.CmsClientSecret,
      scope: credentials.CmsAppName,
    });
    const reply = await send("/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form.toString(),
    });
    const parsed = reply.status === 200 ? cmsTokenSchema.safeParse(safeJson(reply.text)) : null;
    if (!parsed?.success) throw new ContentUnavailableError("/oauth/token");
    tokens.set(credentials.CmsClientId, {
      token: parsed.data.access_token,
      expiresAt: Date.now() + parsed.data.expires_in * 1000 - TOKEN_EXPIRY_MARGIN_MS,
    });
    return parsed.data.access_token;
  }

  /** One token request at a time per client id, however many pages ask. */
  function tokenFor(credentials: CmsCredentials, { renew = false } = {}): Promise<string> {
    const cached = tokens.get(credentials.CmsClientId);
    if (!renew && cached && cached.expiresAt > Date.now()) return Promise.resolve(cached.token);
    let pending = pendingTokens.get(credentials.CmsClientId);
    if (!pending) {
      pending = fetchToken(credentials).finally(() => pendingTokens.delete(credentials.CmsClientId));
      pendingTokens.set(credentials.CmsClientId, pending);
    }
    return pending;
  }

  async function getWithToken<T>(credentials: CmsCredentials, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const headers = (token: string) => ({
      authorization: `Bearer ${token}`,
      accept: "application/json",
      ...(body ? { "content-type": "application/json" } : {}),
    });
    const call = async (token: string) =>
      send(
        path,
        body ? { method: "POST", headers: headers(token), body: JSON.stringify(body) } : { method: "GET", headers: headers(token) },
      );
    let reply = await call(await tokenFor(credentials));
    if (reply.status === 401) reply = await call(await tokenFor(credentials, { renew: true }));
    if (reply.status !== 200) throw new ContentUnavailableError(path);
    const parsed = schema.safeParse(safeJson(reply.text));
    if (!parsed.success) {
      logger.error({ upstream: path }, "content reply breaks the contract");
      throw new UpstreamContractError("cms", path);
    }
    return parsed.data;
  }

  function cached<T>(credentials: CmsCredentials, path: string, schema: z.ZodType<T>): Promise<T> {
    return sharedReads.read(`cms|${cmsUrl}|${credentials.CmsAppName}|${path}`, () => getWithToken(credentials, path, schema));
  }

  const appPath = (credentials: CmsCredentials, resource: string, locale: string) =>
    `/api/${encodeURIComponent(credentials.CmsAppName)}/${resource}${resource.includes("?") ? "&" : "?"}locale=${locale}`;

  return {
    getContentBlock: (credentials: CmsCredentials, id: string, locale: string) =>
      cached(credentials, appPath(credentials, `content-bloecke/${encodeURIComponent(id)}`, locale), contentBlockSchema),
    getKeyVisual: (credentials: CmsCredentials, id: string, locale: string) =>
      cached(credentials, appPath(credentials, `keyvisual/${encodeURIComponent(id)}`, locale), keyVisualSchema),
    getFaq: (credentials: CmsCredentials, id: string, locale: string) =>
      cached(credentials, appPath(credentials, `faq/${encodeURIComponent(id)}`, locale), faqListSchema),
    /** The text variables (POST graphql), cached like every content read. */
    getVariables: (credentials: CmsCredentials) =>
      sharedReads.read(`cms|${cmsUrl}|${credentials.CmsAppName}|variables`, () =>
        getWithToken(credentials, "/graphql", cmsVariablesSchema, {
          operationName: "Variables",
          query: VARIABLES_QUERY,
          variables: { app: credentials.CmsAppName },
        }),
      ),
    getFootnotes: (credentials: CmsCredentials, identifier: string, locale: string) =>
      cached(credentials, appPath(credentials, `fussnoten?Identifier=${encodeURIComponent(identifier)}`, locale), footnoteListSchema),
    /**
     * A CMS asset's address on the portal, at the size the page shows it: the browser never goes to the
     * CMS, which may sit where browsers cannot reach it, or on plain http (app/routes/cmsbild.$name.tsx).
     */
    assetUrl: (_credentials: CmsCredentials, name: string, size: { width: number; height: number }) =>
      `${CMS_PICTURE_PATH}/${encodeURIComponent(name)}?width=${size.width}&height=${size.height}`,
    /** The asset itself from the CMS: only a picture, at most CMS_PICTURE_MAX_BYTES once decoded, with its ETag. */
    async asset(credentials: CmsCredentials, name: string, size: { width: number; height: number }, ifNoneMatch: string | null) {
      const path = `${prefix}/assets/${encodeURIComponent(credentials.CmsAppName)}/${encodeURIComponent(name)}?width=${size.width}&height=${size.height}`;
      const headers: Record<string, string> = ifNoneMatch ? { "if-none-match": ifNoneMatch } : {};
      // The budget counts a picture until its reply has begun: its body streams on to the browser.
      let response: Awaited<ReturnType<typeof picturePool.request>>;
      try {
        response = await pictureCalls.run(() =>
          tracedRequest(picturePool, { path, method: "GET", headers, signal: AbortSignal.timeout(timeoutMs) }),
        );
      } catch {
        throw new ContentUnavailableError(path);
      }
      return pictureFrom(response.statusCode, response.headers, response.body);
    },
    /** For a page block: null (and one log line) instead of an error when the content is missing. */
    async optional<T>(load: () => Promise<T>): Promise<T | null> {
      try {
        return await load();
      } catch (error) {
        logger.warn({ err: error }, "Fehler beim Laden des CMS Inhalts");
        return null;
      }
    },
    close: () => Promise.all([pool.close(), picturePool.close()]),
  };
}
export type CmsClient = ReturnType<typeof createCmsClient>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
