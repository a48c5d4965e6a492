import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { z } from "zod";
import { isPublishedSecret } from "./published-secrets";

const DEFAULT_TENANT = "standard";
const DEV_SESSION_SECRET = "dev-only-session-secret-change-me-0123456789";
const MAX_UPSTREAM_TIMEOUT_MS = 300_000;
/** Drawn pictures kept: some 500 story pictures, or 1,000 previews. */
const PICTURE_CACHE_BYTES = 64 * 1024 * 1024;
const NO_BACKEND =
  "is not set: name the legacy API and the CMS (LEGACY_API_URL, CMS_URL), or set DEMO=1 to start on the embedded simulators (npm start does)";

/**
 * How a tenant's backend writes its replies, where it differs from the contract in a known way
 * (docs/legacy-api.md): `keys: "camelCase"` reads every key whatever its case (ASP.NET Core's default).
 */
export const dialectSchema = z.object({ keys: z.enum(["PascalCase", "camelCase"]).default("PascalCase") });
export type Dialect = z.infer<typeof dialectSchema>;
/** The contract's own way: what a tenant speaks unless its entry says otherwise. */
export const CONTRACT_DIALECT: Dialect = dialectSchema.parse({});

const tenantEntrySchema = z.object({
  tenant: z.string().regex(/^[a-z0-9-]+$/),
  backendUrl: z.url().optional(),
  parentOrigins: z.array(z.url()).default([]),
  /** The tenant's site in the web analytics (Matomo `idsite`). */
  analyticsSiteId: z.number().int().positive().default(1),
  /** The agencies' identity provider: its authorize URL (absolute, or a path on the backend) and this portal's client id. */
  agencySso: z.object({ authorizeUrl: z.string().min(1), clientId: z.string().min(1) }).optional(),
  /** Where the tenant's portal is reached (scheme, host, port): every absolute link is made from it, never from a request's Host. */
  origin: z.url().optional(),
  /**
   * Which of the backend's two families of recommender calls the tenant uses: the tenant portal's
   * (`Empfehler/empfehlungen`) or the insurance programme's (`{ApiRoute}/empfehler/empfehlungen/`).
   */
  portal: z.enum(["tenant", "insurance"]).default("tenant"),
  /** How the tenant's backend writes its replies (dialectSchema). */
  dialect: dialectSchema.default(CONTRACT_DIALECT),
  /**
   * Cookies the backend sets that must travel back on a browser's later calls (a farm's affinity:
   * `["ARRAffinity", "ARRAffinitySameSite"]`): kept sealed per browser session, never shown to the browser as they are.
   */
  backendCookies: z
    .array(z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/, "a cookie name"))
    .max(8)
    .default([]),
  /**
   * Where people report a barrier (the accessibility statement, BFSG): used where the tenant's backend names no
   * address or phone of its own (page variables KontaktEmail, Hotline).
   */
  accessibilityContact: z
    .object({
      /** Who provides the service, as the accessibility statement names it (the backend's page variable Anbieter first). */
      provider: z.string().trim().min(1).max(200).optional(),
      email: z.email().optional(),
      phone: z
        .string()
        .regex(/^\+?[\d /()-]{3,40}$/)
        .optional(),
    })
    .optional(),
  /** The tenant's name and brand colour for the page that says it is unavailable, where its backend cannot give its configuration. */
  look: z
    .object({
      name: z.string().min(1).max(100),
      colour: z
        .string()
        .regex(/^#[0-9a-f]{6}$/i)
        .optional(),
    })
    .optional(),
});
export type TenantEntry = z.infer<typeof tenantEntrySchema>;

const tenantsFileSchema = z.record(z.string().min(1), tenantEntrySchema);

const CIDR = /^(\d{1,3}(\.\d{1,3}){3}\/(\d|[12]\d|3[0-2])|[0-9a-f:]+:[0-9a-f:]*\/(\d{1,2}|1[01]\d|12[0-8]))$/i;

const optionalUrl = z.preprocess((value) => (value === "" ? undefined : value), z.url().optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    LEGACY_API_URL: optionalUrl,
    TENANTS_FILE: z.string().optional(),
    DEFAULT_TENANT: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .default(DEFAULT_TENANT),
    CMS_URL: optionalUrl,
    ANALYTICS_URL: optionalUrl,
    SESSION_SECRET: z.string().optional(),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(MAX_UPSTREAM_TIMEOUT_MS).default(30_000),
    UPSTREAM_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    UPSTREAM_MAX_REPLY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(64 * 1024 * 1024)
      .default(2 * 1024 * 1024),
    UPSTREAM_SLOW_MS: z.coerce.number().int().min(1).max(MAX_UPSTREAM_TIMEOUT_MS).default(2_000),
    UPSTREAM_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(128),
    UPSTREAM_BREAKER_OPEN_MS: z.coerce.number().int().min(500).max(MAX_UPSTREAM_TIMEOUT_MS).default(10_000),
    PICTURE_THREADS: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(Math.max(1, availableParallelism() - 1)),
    PICTURE_QUEUE: z.coerce.number().int().min(0).max(1_000).default(8),
    PAGE_DEADLINE_MS: z.coerce.number().int().min(100).max(MAX_UPSTREAM_TIMEOUT_MS).default(8_000),
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    TRUST_FORWARDED_HOST: z.enum(["0", "1"]).default("0"),
    SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
    CMS_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(4011),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "silent"]).default("info"),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
    MAILS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(3),
    LINK_LOOKUPS_PER_10_MINUTES: z.coerce.number().int().min(10).max(100_000).default(100),
    FAILED_TOKENS_PER_10_MINUTES: z.coerce.number().int().min(1).max(10_000).default(10),
    PREVIEW_CRAWLER_RANGES: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z
        .string()
        .refine((value) => value.split(",").every((range) => CIDR.test(range.trim())), "a comma-separated list of address ranges (CIDR)")
        .optional(),
    ),
    REDIS_URL: z.preprocess((value) => (value === "" ? undefined : value), z.url({ protocol: /^rediss?$/ }).optional()),
    REDIS_SENTINELS: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z
        .string()
        .regex(/^[\w.-]+:\d{1,5}(,[\w.-]+:\d{1,5})*$/, "a comma-separated list of host:port")
        .optional(),
    ),
    REDIS_MASTER_NAME: z
      .string()
      .regex(/^[\w.-]+$/)
      .optional(),
    REDIS_PASSWORD: z.string().optional(),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
    METRICS_HOST: z.string().default("127.0.0.1"),
    // OpenTelemetry's own names: the exporter reads them, and its other OTEL_EXPORTER_OTLP_* settings, itself.
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl,
    OTEL_SERVICE_NAME: z.string().min(1).default("referral-portal"),
    PORTAL_VERSION: z.string().min(1).default("unknown"),
    STYLEGUIDE: z.enum(["0", "1"]).optional(),
    DEMO: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["0", "1"]).optional()),
  })
  .superRefine((env, ctx) => {
    if (env.SHUTDOWN_GRACE_MS <= env.SHUTDOWN_DRAIN_MS)
      ctx.addIssue({
        code: "custom",
        path: ["SHUTDOWN_GRACE_MS"],
        message: "must be longer than SHUTDOWN_DRAIN_MS: the requests in flight need time to finish after the drain",
      });
    if (env.DEMO !== "1" && (!env.LEGACY_API_URL || !env.CMS_URL)) {
      ctx.addIssue({ code: "custom", path: [env.LEGACY_API_URL ? "CMS_URL" : "LEGACY_API_URL"], message: NO_BACKEND });
    }
    if (env.REDIS_SENTINELS && env.REDIS_URL) {
      ctx.addIssue({ code: "custom", path: ["REDIS_SENTINELS"], message: "set REDIS_URL or REDIS_SENTINELS, not both" });
    }
    if (env.REDIS_SENTINELS && !env.REDIS_MASTER_NAME) {
      ctx.addIssue({
        code: "custom",
        path: ["REDIS_MASTER_NAME"],
        message: "names the primary the Sentinels watch; REDIS_SENTINELS needs it",
      });
    }
    const secrets = splitSecrets(env.SESSION_SECRET ?? DEV_SESSION_SECRET);
    if (secrets.some((secret) => secret.length < 32)) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "each comma-separated secret needs 32 characters or more" });
    }
  });

/** Where the shared state lives: one Redis, or the primary that Sentinels name. */
export type RedisTarget = { url: string } | { sentinels: { host: string; port: number }[]; name: string; password?: string };

export type Config = {
  env: z.infer<typeof envSchema>["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  legacyApiUrl?: string;
  cmsUrl?: string;
  /** The web analytics for tracking goals; unset: the embedded simulator's, or none with real backends. */
  analyticsUrl?: string;
  tenantsByHost: Map<string, TenantEntry>;
  defaultTenant: string;
  sessionSecrets: string[];
  upstreamTimeoutMs: number;
  upstreamConnectTimeoutMs: number;
  /** The largest reply the portal reads from a backend or the CMS; a larger one is refused unread. */
  upstreamMaxReplyBytes: number;
  /** A call slower than this is logged (once per call and tenant every few minutes). */
  upstreamSlowMs: number;
  /** Calls in flight to one backend (and apart, to its pictures) before the next fails at once. */
  upstreamMaxInFlight: number;
  /** How long calls to a backend whose calls keep failing fail at once, before one trial call is let through. */
  upstreamBreakerOpenMs: number;
  /** The story and preview pictures: threads that draw them, pictures that may wait for one, and the bytes kept once drawn. */
  pictures: { threads: number; queue: number; cacheBytes: number };
  /** All of a page's (or a post's) backend calls together end by then; past it the page renders what it has, or its 503. */
  pageDeadlineMs: number;
  trustProxy: number;
  /** X-Forwarded-Host names the host, behind trusted proxies, only when the operator says so; else it is dropped. */
  trustForwardedHost: boolean;
  simulatorPort: number;
  cmsSimulatorPort: number;
  logLevel: string;
  /** Posts per client IP and minute to each limited form (server/rate-limit.ts). */
  rateLimitPerMinute: number;
  /** Mails the portal makes the backend send to one address (reset, welcome, invitation) per hour, and checks of one offline code. */
  mailsPerAddressPerHour: number;
  /** The shared state of every instance (rate limits, logged-out sessions, submissions): one Redis, or Sentinel's primary; unset: in this process's memory. */
  redis?: RedisTarget;
  /** SIGTERM: how long the instance serves on, said not ready, and how long it has in all before it exits anyway. */
  shutdown: { drainMs: number; graceMs: number };
  /** Prometheus metrics on a port of their own, never the public one; unset: no metrics listener. */
  metrics?: { port: number; host: string };
  /** Budgets of link lookups per client (bff/state/rate-limits.server.ts, guesses). */
  guesses: { numberPoints: number; failedTokens: number };
  /** Address ranges of link-preview crawlers that publish ranges (server/verified-crawlers.ts). */
  previewCrawlerRanges: string[];
  /** Spans exported over OTLP, where an endpoint is configured (bff/platform/trace-export.server.ts). */
  traceExport?: { serviceName: string; serviceVersion: string };
  /** `/styleguide`, every component in every state in the tenant's look: in development, or where STYLEGUIDE=1 asks for it. */
  styleguide: boolean;
  /** DEMO=1: the embedded simulators stand in for the legacy API and the CMS where no URL names them; never without it. */
  demo: boolean;
};

export class ConfigError extends Error {}

function splitSecrets(value: string) {
  return value
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
}

/** Without a TENANTS_FILE: the default tenant on this machine's own names. */
function defaultTenantHosts(port: number, defaultTenant: string) {
  const local = (host: string) => ({ [host]: { tenant: defaultTenant, origin: `http://${host}:${port}` } });
  return { ...local("localhost"), ...local("127.0.0.1") };
}

/** A configured host without an origin of its own is reached over HTTPS on the default port. */
function withOrigins(tenants: Record<string, TenantEntry>): Record<string, TenantEntry> {
  return Object.fromEntries(
    Object.entries(tenants).map(([host, entry]) => [
      host.toLowerCase(),
      { ...entry, origin: entry.origin ?? `https://${host.toLowerCase()}` },
    ]),
  );
}

function readTenantsFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new ConfigError(`TENANTS_FILE: cannot read ${path} as JSON (${(error as Error).message})`);
  }
}

function tenantsOf(raw: unknown): Record<string, TenantEntry> {
  const parsed = tenantsFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`TENANTS_FILE: ${issue.path.join(".")} ${issue.message}`);
  }
  return parsed.data;
}

/**
 * Without SESSION_SECRET, which only the demo may lack: a fixed secret in development (sessions outlive
 * a reload of `npm run dev`), a random one per process in production, so sessions end with a restart.
 */
function fallbackSecret(nodeEnv: string) {
  return nodeEnv === "production" ? randomBytes(32).toString("base64url") : DEV_SESSION_SECRET;
}

const configuredEntries = (source: Record<string, string | undefined>) =>
  Object.values(source.TENANTS_FILE ? tenantsOf(readTenantsFile(source.TENANTS_FILE)) : {});

/** What a page may take of a backend, as the portal reads it from the environment: check-backend judges each call by it. */
export function pageLimits(source: Record<string, string | undefined> = process.env) {
  const { PAGE_DEADLINE_MS, UPSTREAM_MAX_REPLY_BYTES } = envSchema.shape;
  const limits = z.object({ PAGE_DEADLINE_MS, UPSTREAM_MAX_REPLY_BYTES }).parse(source);
  return { pageDeadlineMs: limits.PAGE_DEADLINE_MS, maxReplyBytes: limits.UPSTREAM_MAX_REPLY_BYTES };
}

/** The tenants an operator configured (TENANTS_FILE), else the default tenant: whom check-backend checks unless told. */
export function configuredTenants(source: Record<string, string | undefined> = process.env): string[] {
  const tenants = new Set(configuredEntries(source).map((entry) => entry.tenant));
  return tenants.size > 0 ? [...tenants] : [source.DEFAULT_TENANT ?? DEFAULT_TENANT];
}

/** The backend cookies each configured tenant needs back (TENANTS_FILE `backendCookies`), for check-backend's calls. */
export function configuredBackendCookies(source: Record<string, string | undefined> = process.env): Map<string, string[]> {
  return new Map(configuredEntries(source).map((entry) => [entry.tenant, entry.backendCookies]));
}

/** The tenants where no TENANTS_FILE names them, as a file would hold them (the demo's: simulators/demo-tenants.ts). */
export type TenantsWithoutFile = (port: number, defaultTenant: string) => unknown;

function redisTargetOf(env: z.infer<typeof envSchema>): RedisTarget | undefined {
  if (env.REDIS_URL) return { url: env.REDIS_URL };
  if (!env.REDIS_SENTINELS || !env.REDIS_MASTER_NAME) return undefined;
  const sentinels = env.REDIS_SENTINELS.split(",").map((entry) => {
    const [host, port] = entry.split(":");
    return { host, port: Number(port) };
  });
  return { sentinels, name: env.REDIS_MASTER_NAME, password: env.REDIS_PASSWORD };
}

export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  tenantsWithoutFile: TenantsWithoutFile = defaultTenantHosts,
): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${issue.path.join(".") || "environment"}: ${issue.message}`);
  }
  const env = parsed.data;
  const tenants = withOrigins(
    tenantsOf(env.TENANTS_FILE ? readTenantsFile(env.TENANTS_FILE) : tenantsWithoutFile(env.PORT, env.DEFAULT_TENANT)),
  );
  // The fallback secrets seal nothing but the demo's cookies: a real backend needs its own, whatever NODE_ENV says.
  const realBackend = Boolean(env.LEGACY_API_URL || Object.values(tenants).some((entry) => entry.backendUrl));
  if (!env.SESSION_SECRET && realBackend) {
    throw new ConfigError(
      "SESSION_SECRET: is required with a real backend (LEGACY_API_URL or a backendUrl in TENANTS_FILE): the fallback secret is only for the demo",
    );
  }
  const keys = splitSecrets(env.SESSION_SECRET ?? "");
  const published = keys.findIndex(isPublishedSecret);
  if (realBackend && published >= 0) {
    throw new ConfigError(
      `SESSION_SECRET: key ${published + 1} of ${keys.length} is published in the portal's repository (a demo or test key) and seals nothing with a real backend: generate your own, e.g. openssl rand -base64 48`,
    );
  }
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    legacyApiUrl: env.LEGACY_API_URL,
    cmsUrl: env.CMS_URL,
    analyticsUrl: env.ANALYTICS_URL,
    tenantsByHost: new Map(Object.entries(tenants)),
    defaultTenant: env.DEFAULT_TENANT,
    sessionSecrets: splitSecrets(env.SESSION_SECRET ?? fallbackSecret(env.NODE_ENV)),
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    upstreamConnectTimeoutMs: env.UPSTREAM_CONNECT_TIMEOUT_MS,
    upstreamMaxReplyBytes: env.UPSTREAM_MAX_REPLY_BYTES,
    upstreamSlowMs: env.UPSTREAM_SLOW_MS,
    upstreamMaxInFlight: env.UPSTREAM_MAX_IN_FLIGHT,
    upstreamBreakerOpenMs: env.UPSTREAM_BREAKER_OPEN_MS,
    pictures: { threads: env.PICTURE_THREADS, queue: env.PICTURE_QUEUE, cacheBytes: PICTURE_CACHE_BYTES },
    pageDeadlineMs: env.PAGE_DEADLINE_MS,
    trustProxy: env.TRUST_PROXY,
    trustForwardedHost: env.TRUST_PROXY > 0 && env.TRUST_FORWARDED_HOST === "1",
    simulatorPort: env.SIMULATOR_PORT,
    cmsSimulatorPort: env.CMS_SIMULATOR_PORT,
    logLevel: env.LOG_LEVEL,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    mailsPerAddressPerHour: env.MAILS_PER_ADDRESS_PER_HOUR,
    guesses: { numberPoints: env.LINK_LOOKUPS_PER_10_MINUTES, failedTokens: env.FAILED_TOKENS_PER_10_MINUTES },
    previewCrawlerRanges: env.PREVIEW_CRAWLER_RANGES?.split(",").map((range) => range.trim()) ?? [],
    redis: redisTargetOf(env),
    shutdown: { drainMs: env.SHUTDOWN_DRAIN_MS, graceMs: env.SHUTDOWN_GRACE_MS },
    metrics: env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST },
    traceExport:
      env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
        ? { serviceName: env.OTEL_SERVICE_NAME, serviceVersion: env.PORTAL_VERSION }
        : undefined,
    styleguide: env.STYLEGUIDE === undefined ? env.NODE_ENV !== "production" : env.STYLEGUIDE === "1",
    demo: env.DEMO === "1",
  };
}
