// A stateful in-memory legacy API as MSW request handlers, one file per capability beside this one.
// The same handlers serve the contract tests (behind a loopback HTTP server), the end-to-end tests and
// the demo (`npm start`).
import type { HttpHandler } from "msw";
import { accountHandlers } from "./account";
import { agentHandlers } from "./agency/agents";
import { invitationHandlers } from "./agency/invitations";
import { reportHandlers } from "./agency/reports";
import { agencyTokenHandlers, identityProviderHandlers } from "./agency/sign-on";
import { productHandlers, rewardHandlers } from "./catalogue";
import { contactHandlers } from "./contact";
import { demoOfState } from "./demo";
import { createKit, type SimulatorKit } from "./kit";
import { preferenceHandlers } from "./preferences";
import { recipientHandlers } from "./recipient";
import { recommendHandlers } from "./recommend";
import { recommendationHandlers } from "./recommendations";
import { passwordHandlers, registrationHandlers } from "./registration";
import { recommenderBankDataHandlers, rewardPickupHandlers } from "./reward";
import type { SeedTenant } from "./seed";
import { freshState, localPortalOrigin, type MailKind, type PortalOrigin, switchesOff } from "./state";
import { tenantHandlers } from "./tenant";

export { type Fault, FAULT_KINDS } from "./faults";
export type { LegacySwitches, PortalOrigin } from "./state";

type SimulatorOptions = { today?: () => Date; portalOrigin?: PortalOrigin };

/** Every handler, in the order MSW tries them: a fixed path before a parameter in the same place. */
const HANDLER_GROUPS: ((kit: SimulatorKit) => HttpHandler[])[] = [
  registrationHandlers,
  passwordHandlers,
  preferenceHandlers,
  recommendHandlers,
  contactHandlers,
  agentHandlers,
  identityProviderHandlers,
  agencyTokenHandlers,
  reportHandlers,
  invitationHandlers,
  tenantHandlers,
  rewardHandlers,
  recipientHandlers,
  productHandlers,
  recommendationHandlers,
  accountHandlers,
  rewardPickupHandlers,
  recommenderBankDataHandlers,
];

export function createLegacySimulator({ today = () => new Date(), portalOrigin = localPortalOrigin }: SimulatorOptions = {}) {
  let state = freshState(today(), portalOrigin);
  const switches = switchesOff();
  /** How often each `METHOD /path` was answered since the last reset (faults aside), for tests. */
  const calls = new Map<string, number>();
  const callOf = (request: Request) => `${request.method} ${new URL(request.url).pathname}`;
  const kit = createKit({
    state: () => state,
    switches,
    today,
    count: (request) => calls.set(callOf(request), (calls.get(callOf(request)) ?? 0) + 1),
  });
  const tenant = (id: string): SeedTenant | undefined => state.tenants[id];

  return {
    handlers: HANDLER_GROUPS.flatMap((group) => group(kit)),
    switches,
    callsTo: (method: string, path: string) => calls.get(`${method} ${path}`) ?? 0,
    landingsOf: (empfehlungsnummer: string) => state.landings.get(empfehlungsnummer) ?? 0,
    /** An agency token as the sign-on would issue it to `login` (check-backend's tests, which have no browser). */
    agencyTokenFor(tenantId: string, login: string) {
      const token = `agy-${tenantId}-${state.agency.tokens.size + 1}`;
      state.agency.tokens.set(token, { tenant: tenantId, login });
      return token;
    },
    /** Changes a tenant's configuration until the next reset (module flags, for tests and demos). */
    overrideConfig(id: string, changes: Partial<SeedTenant["config"]>) {
      Object.assign(state.tenants[id].config, changes);
    },
    /** Lets a recommendation expire now (past its 60 days), until the next reset. */
    expireRecommendation(id: string, empfehlungsnummer: string) {
      const recommendation = tenant(id)?.recommendations.find((item) => item.empfehlungsnummer === empfehlungsnummer);
      if (recommendation) recommendation.createdDaysAgo = 61;
    },
    /** Changes the backend's route names (GET route/default) until the next reset. */
    overrideDefaultRoutes(changes: Record<string, string>) {
      Object.assign(state.defaultRoutes, changes);
    },
    /** The mails the backend sent since the last reset, newest last; optionally to one address or of one kind. */
    mails: (filter: { to?: string; kind?: MailKind } = {}) =>
      state.recommender.outbox.filter(
        (mail) => (!filter.to || mail.to === filter.to.toLowerCase()) && (!filter.kind || mail.kind === filter.kind),
      ),
    /** A tenant's recommendations as the simulator holds them (seeded and created), for tests. */
    recommendationsOf: (id: string) => [...(tenant(id)?.recommendations ?? [])],
    /** The messages sent through the contact form since the last reset. */
    contactMessages: () => [...state.recommender.contactMessages],
    /** The recipients created through the API so far, for tests. */
    createdRecipients: () => [...state.recipients.values()],
    /** Back to the seed: fresh data, every switch off. */
    reset() {
      state = freshState(today(), portalOrigin);
      calls.clear();
      Object.assign(switches, switchesOff());
    },
    /** The seeded demo entry points, keyed by tenant id (served at GET /__demo). */
    demo: () => demoOfState(state),
  };
}
export type LegacySimulator = ReturnType<typeof createLegacySimulator>;
