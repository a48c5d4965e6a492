// Builds the BFF once per process; the server hands it to every loader and action
// through Remix's load context, so the Remix build and the server share one instance.
import { createCmsClient } from "../content/content.server";
import { createLegacyClient } from "../legacy/legacy-client.server";
import { createPicturePool } from "../pictures/picture-pool.server";
import type { Config } from "../platform/config.server";
import type { Logger } from "../platform/logger.server";
import { createMetrics } from "../platform/metrics.server";
import { createSealer } from "../platform/seal.server";
import { createRecipientDraftCookie } from "../recipient/recipient-draft.server";
import { createChoiceCookies } from "../session/choice-cookies.server";
import { createTokenCookies } from "../session/cookies.server";
import { createKeptChoices, KEPT_SECONDS } from "../session/kept-choices.server";
import { createShownRecommendations } from "../session/shown-recommendation.server";
import { createLoggedOutSessions } from "../state/logged-out-sessions.server";
import { createRateLimits } from "../state/rate-limits.server";
import { createSharedState } from "../state/shared-state.server";
import { createSingleUse } from "../state/single-use.server";
import { createSubmissionRecords } from "../state/submissions.server";
import { createReadiness } from "../tenant/readiness.server";
import { createSharedReads } from "../tenant/shared-reads.server";
import { createTenantRegistry } from "../tenant/tenant.server";
import { readinessReads } from "./backend-reads.server";

type BffOptions = { config: Config; logger: Logger; backendUrl: string; cmsUrl: string; analyticsUrl?: string };

/** How long a submission's claim waits for its writer: every retry of its calls within the upstream timeout, and a margin. */
const CLAIM_MARGIN_MS = 5_000;

export function createBff({ config, logger, backendUrl, cmsUrl, analyticsUrl }: BffOptions) {
  const upstreamLimits = {
    timeoutMs: config.upstreamTimeoutMs,
    connectTimeoutMs: config.upstreamConnectTimeoutMs,
    maxReplyBytes: config.upstreamMaxReplyBytes,
    slowMs: config.upstreamSlowMs,
    maxInFlight: config.upstreamMaxInFlight,
    breaker: { openMs: config.upstreamBreakerOpenMs },
  };
  const sealer = createSealer(config.sessionSecrets);
  const metrics = createMetrics();
  const sharedState = createSharedState({
    redis: config.redis,
    logger,
    onFailure: (operation) => metrics.sharedStateFailures.inc({ operation }),
  });
  const sharedReads = createSharedReads({ metrics });
  const legacy = createLegacyClient({ ...upstreamLimits, logger, metrics });
  const cms = createCmsClient({ ...upstreamLimits, cmsUrl, logger, sharedReads });
  const cookieSettings = { sealer, secure: config.isProduction };
  const cookies = { ...createTokenCookies(cookieSettings), recipientDraft: createRecipientDraftCookie(cookieSettings) };
  const choices = createChoiceCookies(cookieSettings);
  const loggedOutSessions = createLoggedOutSessions(sharedState);
  metrics.watchSharedState(() => ({ ...sharedState.health(), unsavedLogouts: loggedOutSessions.unsaved }));
  const pictures = createPicturePool(config.pictures);
  const tenants = createTenantRegistry({ config, legacy, backendUrl, sharedReads, logger, metrics });
  return {
    config,
    logger,
    metrics,
    sharedState,
    sharedReads,
    submissions: createSubmissionRecords(sharedState, {
      claimMs: 3 * config.upstreamTimeoutMs + CLAIM_MARGIN_MS,
      sealer,
      browserOf: (request) => cookies.formToken.read(request)?.token,
    }),
    rateLimits: createRateLimits(sharedState, config, (limit) => metrics.rateLimitRefusals.inc({ limit })),
    loggedOutSessions,
    keptChoices: createKeptChoices(sealer, choices, createSingleUse(sharedState, "kept", 2 * KEPT_SECONDS)),
    cookies,
    /** The visitor's choices (consent, language, channel, trusted device): sealed, but no token. */
    choices,
    /** The recipient data page's sealed field: what the POST need not read again. */
    shownRecommendations: createShownRecommendations(sealer),
    legacy,
    cms,
    /** The story and preview pictures, drawn off the event loop and kept once drawn. */
    pictures,
    /** Where the browser sends tracking goals, once analytics are consented to. */
    analyticsUrl,
    tenants,
    /** /readyz: every read a tenant's pages cannot do without (its configuration first), as its pages make them. */
    readiness: createReadiness({
      tenants,
      legacy,
      logger,
      metrics,
      reads: readinessReads(),
    }),
    async close() {
      await Promise.all([legacy.close(), cms.close(), sharedState.close(), pictures.close()]);
    },
  };
}
export type Bff = ReturnType<typeof createBff>;
