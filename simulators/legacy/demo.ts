// What the demo page of the legacy simulator lists (GET /__demo): per tenant, its logins, tokens and
// the local paths that start each journey.
import type { SeedTenant } from "./seed";
import type { State } from "./state";

/** The local paths that start each journey of a tenant. */
function demoLinks(tenant: SeedTenant) {
  const valid = tenant.recommendations.find((item) => item.createdDaysAgo <= 60 && item.status === "Offen") ?? tenant.recommendations[0];
  const expired = tenant.recommendations.find((item) => item.createdDaysAgo > 60);
  return {
    recipient: `/empfaengerdaten/${valid.empfehlungsnummer}?channel=mail`,
    recipientExpired: expired ? `/empfaengerdaten/${expired.empfehlungsnummer}` : null,
    offlineCode: `/code?code=${Object.keys(tenant.offlineCodes)[0]}`,
    rewardPickup: `/praemie?token=${tenant.rewardTokens.valid[0]}`,
    rewardPickupExpired: `/praemie?token=${tenant.rewardTokens.expired[0]}`,
    customerNumber: `/kundennummer?token=${tenant.rewardTokens.valid[1]}`,
    register: "/registrieren",
    forgottenPassword: "/passwortvergessen",
    newsletterOptOut: `/empfehler/newsletter/optout?token=${tenant.mailedTokens.newsletter[tenant.users[0].email]}`,
    newsletterOptIn: `/empfehler/newsletter/optin?token=${tenant.mailedTokens.newsletter[tenant.users[1].email]}`,
    expiredPasswordLink: `/passwortsetzen?token=${tenant.mailedTokens.expiredReset}`,
    recommend: `/empfehlen/${tenant.products[1].Id}`,
  };
}

function demoOf(tenant: SeedTenant) {
  const logins = (blocked: boolean) =>
    tenant.users.filter((user) => !!user.blockedCode === blocked).map(({ email, password }) => ({ email, password }));
  return {
    name: tenant.config.Name,
    portal: `${tenant.config.MandantUrl}/`,
    logins: logins(false),
    blockedLogins: logins(true),
    recommendations: {
      valid: tenant.recommendations.filter((item) => item.createdDaysAgo <= 60).map((item) => item.empfehlungsnummer),
      expired: tenant.recommendations.filter((item) => item.createdDaysAgo > 60).map((item) => item.empfehlungsnummer),
    },
    offlineCodes: Object.keys(tenant.offlineCodes),
    rewardTokens: tenant.rewardTokens.valid,
    expiredRewardTokens: tenant.rewardTokens.expired,
    adminLoginTokens: tenant.adminLoginTokens,
    agencyUsers: tenant.agencyUsers.map(({ login, password, role }) => ({ login, password, role })),
    links: demoLinks(tenant),
  };
}

/** The seeded demo entry points, keyed by tenant id. */
export const demoOfState = (state: State) => Object.fromEntries(Object.entries(state.tenants).map(([id, tenant]) => [id, demoOf(tenant)]));
