// A part of a page that can be left out (the 'up to' figure, reward pictures, campaigns, category
// navigation, banners): where its call fails in any way the backend can fail, the page answers
// without it. A backend without the call (404) is expected and logged at info; any other failure is
// logged and counted (portal_optional_parts_left_out_total), so an operator sees what is missing.
// The end of a session is no such failure: it still ends the page.
import { LegacyApiError, orWhereMissing, UpstreamError } from "../legacy/errors";
import type { Logger } from "../platform/logger.server";
import type { Metrics } from "../platform/metrics.server";
import type { SharedReads, TenantKey, TenantRead } from "./shared-reads.server";

type Observers = { logger: Logger; metrics: Pick<Metrics, "optionalPartsLeftOut"> };

export async function optionalPart<T>({ logger, metrics }: Observers, part: string, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const notOffered = error instanceof LegacyApiError && error.upstreamStatus === 404;
    if (!notOffered) metrics.optionalPartsLeftOut.inc({ part });
    logger[notOffered ? "info" : "warn"](
      { part, err: error },
      notOffered ? "optional part not offered by the backend" : "optional part left out",
    );
    return fallback;
  }
}

/**
 * An optional part read once for every request of the tenant (its call names the part): a backend
 * without the call (404) is remembered as `fallback`, so it costs no call per page.
 */
export function optionalSharedPart<T>(
  observers: Observers & { sharedReads: SharedReads },
  tenant: TenantKey,
  what: TenantRead,
  load: () => Promise<T>,
  fallback: T,
): Promise<T> {
  const read = () => observers.sharedReads.ofTenant(tenant, what, () => orWhereMissing(load(), fallback));
  return optionalPart(observers, what.call, read, fallback);
}
