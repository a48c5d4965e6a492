// Tenants: chosen by host name, configured by the backend (GET mandant/{tenant}),
// cached per tenant with stale-while-revalidate and one upstream call for many requests.
import { type ProductApiType, productApiTypes, type TenantConfig, tenantConfigSchema, tenantLanguagesSchema } from "../legacy/contract";
import { TenantConfigError, TenantUnavailableError, unknownProductApiMessage } from "../legacy/errors";
import type { CallContext, LegacyApi, LegacyClient } from "../legacy/legacy-client.server";
import { type Config, CONTRACT_DIALECT, type TenantEntry } from "../platform/config.server";
import { byDeadline } from "../platform/deadline.server";
import { type Locale, supportedLocales } from "../platform/locale.server";
import type { Logger } from "../platform/logger.server";
import type { Metrics } from "../platform/metrics.server";
import { optionalSharedPart } from "./optional-part.server";
import type { SharedReads } from "./shared-reads.server";

export type ResolvedTenant = Required<
  Pick<TenantEntry, "tenant" | "backendUrl" | "analyticsSiteId" | "origin" | "portal" | "dialect" | "backendCookies">
> &
  Pick<TenantEntry, "look" | "accessibilityContact"> & {
    parentOrigins: string[];
    /** The agencies' identity provider, its authorize URL made absolute; null without an agency area. */
    agencySso: { authorizeUrl: string; clientId: string } | null;
  };

export function getTenantConfig(api: LegacyApi, tenant: string) {
  return api.request({ call: "getTenantConfig", path: `mandant/${encodeURIComponent(tenant)}`, schema: tenantConfigSchema });
}

/** The languages the tenant offers, as codes (GET content/getlanguages; reply chosen in docs/decisions/039). */
export function getLanguages(api: LegacyApi) {
  return api.request({ call: "getLanguages", path: "content/getlanguages", schema: tenantLanguagesSchema });
}

export function productApiOf(config: TenantConfig): ProductApiType {
  const type = config.ProduktApi;
  if (!type || !(productApiTypes as readonly string[]).includes(type)) throw new TenantConfigError(unknownProductApiMessage);
  return type as ProductApiType;
}

/** The context of a tenant's calls: its backend, its dialect and the cookies it needs back as its entry says them; the rest as the caller needs. */
export function tenantCallContext(
  tenant: Pick<ResolvedTenant, "backendUrl" | "tenant" | "dialect"> & Partial<Pick<ResolvedTenant, "backendCookies">>,
  parts: Omit<CallContext, "backendUrl" | "tenant" | "dialect" | "backendCookies">,
): CallContext {
  const { backendUrl, dialect, backendCookies = [] } = tenant;
  return { backendUrl, tenant: tenant.tenant, dialect, backendCookies, ...parts };
}

/** A tenant's calls made without anyone's token (configuration, shared reads). */
export function unauthenticated(tenant: ResolvedTenant): CallContext {
  return tenantCallContext(tenant, {
    apiRoute: "",
    locale: "de",
    tokens: {},
    onSessionExpired() {
      throw new TenantConfigError("the tenant configuration call asked for a logout");
    },
  });
}

type RegistryOptions = {
  config: Config;
  legacy: LegacyClient;
  backendUrl: string;
  sharedReads: SharedReads;
  logger: Logger;
  metrics: Pick<Metrics, "optionalPartsLeftOut">;
};

/** Each tenant's first entry in the configuration: where a tenant is reached on several hosts, its operator named this one first. */
function firstEntries(config: Pick<Config, "tenantsByHost">) {
  const first = new Map<string, { host: string; entry: TenantEntry }>();
  for (const [host, entry] of config.tenantsByHost) if (!first.has(entry.tenant)) first.set(entry.tenant, { host, entry });
  return first;
}

/**
 * Each tenant's configured origin (where its portal is reached, the base of its share links), from its first host:
 * a tenant also reached on other hosts (localhost, an address) keeps the one its operator named first.
 */
export function tenantOrigins(config: Pick<Config, "tenantsByHost">) {
  return new Map([...firstEntries(config)].map(([tenant, { host, entry }]) => [tenant, entry.origin ?? `https://${host}`]));
}

export function createTenantRegistry({ config, legacy, backendUrl, sharedReads, logger, metrics }: RegistryOptions) {
  const hostOf = tenantOrigins(config);
  const firstEntryOf = firstEntries(config);
  /** Each tenant's last configuration read, for the look of its page when its backend cannot give one. */
  const lastConfigs = new Map<string, TenantConfig>();
  const defaultEntry = (): TenantEntry => ({
    tenant: config.defaultTenant,
    parentOrigins: [],
    analyticsSiteId: 1,
    origin: hostOf.get(config.defaultTenant),
    portal: "tenant",
    dialect: CONTRACT_DIALECT,
    backendCookies: [],
  });

  function withBackend(entry: TenantEntry): ResolvedTenant {
    const tenantBackend = entry.backendUrl ?? backendUrl;
    const sso = entry.agencySso;
    return {
      tenant: entry.tenant,
      origin: new URL(hostOf.get(entry.tenant) ?? entry.origin ?? "http://localhost").origin,
      backendUrl: tenantBackend,
      parentOrigins: entry.parentOrigins,
      analyticsSiteId: entry.analyticsSiteId,
      portal: entry.portal,
      dialect: entry.dialect,
      backendCookies: entry.backendCookies,
      look: entry.look,
      // Said of the tenant, not of a host: from its first entry, on whichever host a request came.
      accessibilityContact: firstEntryOf.get(entry.tenant)?.entry.accessibilityContact ?? entry.accessibilityContact,
      agencySso: sso ? { clientId: sso.clientId, authorizeUrl: new URL(sso.authorizeUrl, tenantBackend).href } : null,
    };
  }

  /** The tenants some configured host serves (the default tenant only where a host names it). */
  function all(): ResolvedTenant[] {
    const seen = new Map<string, ResolvedTenant>();
    for (const entry of config.tenantsByHost.values()) seen.set(entry.tenant, withBackend(entry));
    return [...seen.values()];
  }

  return {
    all,
    /** Whether the portal serves this host name: only configured hosts are (server/hosts.ts refuses the rest). */
    serves(hostname: string): boolean {
      return config.tenantsByHost.has(hostname.toLowerCase());
    },
    /** The tenant for a served host name; the default tenant for any other, which only code behind server/hosts.ts meets. */
    resolve(hostname: string): ResolvedTenant {
      return withBackend(config.tenantsByHost.get(hostname.toLowerCase()) ?? defaultEntry());
    },
    /** The tenant's configuration; where its backend cannot give it, TenantUnavailableError (that tenant's 503 page). */
    async configOf(tenant: ResolvedTenant): Promise<TenantConfig> {
      try {
        // Read before a page's language is chosen (the languages and the form of address come from it).
        const read = await sharedReads.ofTenant(tenant, { call: "config", locale: null }, () =>
          getTenantConfig(legacy.bind(unauthenticated(tenant)), tenant.tenant),
        );
        lastConfigs.set(tenant.tenant, read);
        return read;
      } catch (error) {
        throw new TenantUnavailableError(tenant.tenant, error);
      }
    },
    /**
     * The configuration within a page's deadline (epoch ms): past it, the tenant is unavailable to that page,
     * while the read goes on for the requests that wait for it too. No deadline: whenever it comes.
     */
    configBy(tenant: ResolvedTenant, deadlineAt: number | undefined): Promise<TenantConfig> {
      const read = this.configOf(tenant);
      if (deadlineAt === undefined) return read;
      return byDeadline(
        deadlineAt,
        read,
        () => new TenantUnavailableError(tenant.tenant, new Error("no configuration within the page's deadline")),
      );
    },
    /**
     * The tenant's name and colours for the page that says it is unavailable: from the configuration last
     * read for it, else from its TENANTS_FILE `look`; none where neither says.
     */
    lookOf(tenant: string): Pick<TenantConfig, "Name" | "Farbe" | "Schriftart"> | undefined {
      const read = lastConfigs.get(tenant);
      if (read) return read;
      const look = all().find((candidate) => candidate.tenant === tenant)?.look;
      return look ? { Name: look.name, Farbe: look.colour } : undefined;
    },
    /**
     * The portal's languages the tenant offers, in the portal's order; all of them where the backend
     * names none of them, lacks the call (404) or fails (logged): a page is never left without a language.
     */
    async languagesOf(tenant: ResolvedTenant): Promise<Locale[]> {
      const offered: string[] = await optionalSharedPart(
        { logger, metrics, sharedReads },
        tenant,
        // What chooses the language: the same in every language.
        { call: "languages", locale: null },
        () => getLanguages(legacy.bind(unauthenticated(tenant))),
        [...supportedLocales],
      );
      const both = supportedLocales.filter((language) => offered.includes(language));
      return both.length > 0 ? both : [...supportedLocales];
    },
  };
}
export type TenantRegistry = ReturnType<typeof createTenantRegistry>;
