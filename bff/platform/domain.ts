// Domain constants that pages may use in the browser: no zod here (it costs ~100 KB there).

export const salutations = ["Frau", "Herr", "Divers"] as const;
export type Salutation = (typeof salutations)[number];

export const rewardImageKinds = ["grafik100", "grafik50", "grafik50empfehler", "grafik50empfaenger"] as const;
export type RewardImageKind = (typeof rewardImageKinds)[number];

/** The recommender's share of the bounty, in percent; the default is 100. */
export const bountyShares = [0, 50, 100] as const;
export type BountyShare = (typeof bountyShares)[number];

/** The cookie consent categories besides 'required', which is always on. */
export const consentCategories = ["functional", "analytical", "marketing"] as const;
export type ConsentCategory = (typeof consentCategories)[number];
export type Consent = Record<ConsentCategory, boolean>;
