// What the accessibility statement (BFSG; the EU model statement) says of the portal: the pages checked with WCAG's
// text spacing and the gaps known today, per tenant. The end-to-end tests import these lists, so the statement never
// claims a check the tests do not make, and a tenant's statement lists only what it offers.

/** Checked at 320 px with WCAG 1.4.12's text spacing on every tenant (tests/e2e/small-screens.spec.ts). */
export const TEXT_SPACING_PAGES = ["home", "rewards", "pickup", "recipientData", "statement"] as const;

/** What a tenant's portal includes beyond its own address: embedding in its website, an agency area. */
export type StatementScope = { widget: boolean; agencyArea: boolean };

/** The pages the statement names as checked with text spacing, the agency area's where the tenant has one. */
export function textSpacingPagesOf({ agencyArea }: StatementScope) {
  return [...TEXT_SPACING_PAGES, ...(agencyArea ? (["agencyArea"] as const) : [])];
}

/**
 * What is not yet shown to be accessible, for this tenant, each with its WCAG criterion and the reason in its text: what
 * every tenant shares, and the agency area's where it has one.
 */
export function knownGapsOf({ agencyArea }: StatementScope) {
  return ["editorialContent", "screenReaders", ...(agencyArea ? (["agencyCharts"] as const) : [])] as const;
}
