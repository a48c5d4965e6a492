import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";

const DEV_SESSION_SECRET = "dev-only-session-secret-change-me-0123456789";
const MAX_UPSTREAM_TIMEOUT_MS = 300_000;

const tenantEntrySchema = z.object({
  tenant: z.string().regex(/^[a-z0-9-]+$/),
  backendUrl: z.url().optional(),
  parentOrigins: z.array(z.url()).default([]),
  /** The tenant's site in the web analytics (Matomo `idsite`). */
  analyticsSiteId: z.number().int().positive().default(1),
  /** The agencies' identity provider (spec 6): its authorize URL (absolute, or a path on the backend) and this portal's client id. */
  agencySso: z.object({ authorizeUrl: z.string().min(1), clientId: z.string().min(1) }).optional(),
});
export type TenantEntry = z.infer<typeof tenantEntrySchema>;

const tenantsFileSchema = z.record(z.string().min(1), tenantEntrySchema);

const optionalUrl = z.preprocess((value) => (value === "" ? undefined : value), z.url().optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    LEGACY_API_URL: optionalUrl,
    TENANTS_FILE: z.string().optional(),
    DEFAULT_TENANT: z.string().regex(/^[a-z0-9-]+$/).default("standard"),
    CMS_URL: optionalUrl,
    ANALYTICS_URL: optionalUrl,
    SESSION_SECRET: z.string().optional(),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(MAX_UPSTREAM_TIMEOUT_MS).default(30_000),
    UPSTREAM_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
    CMS_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(4011),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "silent"]).default("info"),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET && (env.LEGACY_API_URL || env.TENANTS_FILE)) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required when NODE_ENV=production" });
    }
    const secrets = splitSecrets(env.SESSION_SECRET ?? DEV_SESSION_SECRET);
    if (secrets.some((secret) => secret.length < 32)) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "each comma-separated secret needs 32 characters or more" });
    }
  });

export type Config = {
  env: z.infer<typeof envSchema>["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  legacyApiUrl?: string;
  cmsUrl?: string;
  /** The web analytics for tracking goals (spec 7.9); unset: the embedded simulator's, or none with real backends. */
  analyticsUrl?: string;
  tenantsByHost: Map<string, TenantEntry>;
  defaultTenant: string;
  sessionSecrets: string[];
  upstreamTimeoutMs: number;
  upstreamConnectTimeoutMs: number;
  trustProxy: number;
  simulatorPort: number;
  cmsSimulatorPort: number;
  logLevel: string;
  /** Posts per client IP and minute to login and offline-code entry. */
  rateLimitPerMinute: number;
};

export class ConfigError extends Error {}

function splitSecrets(value: string) {
  return value.split(",").map((secret) => secret.trim()).filter(Boolean);
}

/** Local host names of the embedded default, one per seeded tenant; the sample parent page (on localhost) may frame friday. */
export function localTenantHosts(port: number): Record<string, TenantEntry> {
  return {
    "telekom.localhost": { tenant: "telekom", parentOrigins: [], analyticsSiteId: 1 },
    "allianz.localhost": { tenant: "allianz", parentOrigins: [], analyticsSiteId: 2, agencySso: { authorizeUrl: "/__idp/authorize", clientId: "portal-allianz" } },
    "standard.localhost": { tenant: "standard", parentOrigins: [], analyticsSiteId: 3 },
    "friday.localhost": { tenant: "friday", parentOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`], analyticsSiteId: 4 },
  };
}

function readTenantsFile(path: string): Record<string, TenantEntry> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new ConfigError(`TENANTS_FILE: cannot read ${path} as JSON (${(error as Error).message})`);
  }
  const parsed = tenantsFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`TENANTS_FILE: ${issue.path.join(".")} ${issue.message}`);
  }
  return parsed.data;
}

/**
 * Without SESSION_SECRET: a fixed secret in development, and in production on the embedded
 * simulators (the demo) a random one per process, so sessions end with a restart.
 */
function fallbackSecret(nodeEnv: string) {
  return nodeEnv === "production" ? randomBytes(32).toString("base64url") : DEV_SESSION_SECRET;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${issue.path.join(".") || "environment"}: ${issue.message}`);
  }
  const env = parsed.data;
  const tenants = env.TENANTS_FILE ? readTenantsFile(env.TENANTS_FILE) : localTenantHosts(env.PORT);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    legacyApiUrl: env.LEGACY_API_URL,
    cmsUrl: env.CMS_URL,
    analyticsUrl: env.ANALYTICS_URL,
    tenantsByHost: new Map(Object.entries(tenants).map(([host, entry]) => [host.toLowerCase(), entry])),
    defaultTenant: env.DEFAULT_TENANT,
    sessionSecrets: splitSecrets(env.SESSION_SECRET ?? fallbackSecret(env.NODE_ENV)),
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    upstreamConnectTimeoutMs: env.UPSTREAM_CONNECT_TIMEOUT_MS,
    trustProxy: env.TRUST_PROXY,
    simulatorPort: env.SIMULATOR_PORT,
    cmsSimulatorPort: env.CMS_SIMULATOR_PORT,
    logLevel: env.LOG_LEVEL,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
  };
}
