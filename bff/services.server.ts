// Builds the BFF once per process; the server hands it to every loader and action
// through Remix's load context, so the Remix build and the server share one instance.
import { LRUCache } from "lru-cache";
import type { Config } from "./config.server";
import { createCmsClient } from "./content.server";
import { createLoggedOutTokens, createTokenCookies } from "./cookies.server";
import { createLegacyClient } from "./legacy-client.server";
import type { Logger } from "./logger.server";
import { createSealer } from "./seal.server";
import { createSharedReads } from "./shared-reads.server";
import { createSubmissionGuard } from "./submissions.server";
import { createTenantRegistry } from "./tenant.server";

type BffOptions = { config: Config; logger: Logger; backendUrl: string; cmsUrl: string; analyticsUrl?: string };

export function createBff({ config, logger, backendUrl, cmsUrl, analyticsUrl }: BffOptions) {
  const timeouts = { timeoutMs: config.upstreamTimeoutMs, connectTimeoutMs: config.upstreamConnectTimeoutMs };
  const sharedReads = createSharedReads();
  const loggedOutTokens = createLoggedOutTokens();
  const legacy = createLegacyClient({ ...timeouts, logger });
  const cms = createCmsClient({ ...timeouts, cmsUrl, logger, sharedReads });
  return {
    config,
    logger,
    sharedReads,
    submissions: createSubmissionGuard(),
    /** Request ids whose form post met PSOF0204: the server expires their token cookies (server/session-end.ts). */
    sessionsEndedByBackend: new LRUCache<string, true>({ max: 10_000, ttl: 60_000 }),
    loggedOutTokens,
    cookies: createTokenCookies({ sealer: createSealer(config.sessionSecrets), secure: config.isProduction }, loggedOutTokens),
    legacy,
    cms,
    /** Where the browser sends tracking goals, once analytics are consented to (spec 7.9). */
    analyticsUrl,
    tenants: createTenantRegistry({ config, legacy, backendUrl, sharedReads }),
    async close() {
      await Promise.all([legacy.close(), cms.close()]);
    },
  };
}
export type Bff = ReturnType<typeof createBff>;
