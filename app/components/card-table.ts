/**
 * A table that is a list of cards on narrow screens and a table from a breakpoint on (`md` for most,
 * `lg` for a table of many columns): its head is seen only by assistive technology as cards, each row is a
 * card, and each cell names its column (`data-label`). Whole class names, for Tailwind.
 */
export const CARD_TABLE = {
  head: "sr-only md:not-sr-only md:table-header-group",
  row: "mb-3 block rounded-xl border border-slate-200 bg-white p-3 shadow-sm md:mb-0 md:table-row md:rounded-none md:border-0 md:p-0 md:shadow-none",
  // A long address breaks anywhere in a card rather than push it past a phone's edge (text spacing of WCAG 1.4.12 too).
  cell: "block px-1 py-0.5 [overflow-wrap:anywhere] md:[overflow-wrap:normal] before:mr-1 before:font-medium before:content-[attr(data-label)':'] md:table-cell md:border-b md:p-2 md:align-top md:before:content-none",
} as const;

/** The same, a table only from `lg` on: seven columns do not fit a tablet. */
export const CARD_TABLE_FROM_LG = {
  head: "sr-only lg:not-sr-only lg:table-header-group",
  row: "mb-3 block rounded-xl border border-slate-200 bg-white p-3 shadow-sm lg:mb-0 lg:table-row lg:rounded-none lg:border-0 lg:p-0 lg:shadow-none",
  cell: "block px-1 py-0.5 [overflow-wrap:anywhere] lg:[overflow-wrap:normal] before:mr-1 before:font-medium before:content-[attr(data-label)':'] lg:table-cell lg:border-b lg:p-2 lg:align-top lg:before:content-none",
} as const;
