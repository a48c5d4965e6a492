// Domain constants that pages may use in the browser: no zod here (it costs ~100 KB there).

export const salutations = ["Frau", "Herr", "Divers"] as const;
export type Salutation = (typeof salutations)[number];

export const rewardImageKinds = ["grafik100", "grafik50", "grafik50empfehler", "grafik50empfaenger"] as const;
export type RewardImageKind = (typeof rewardImageKinds)[number];
