// Domain constants that pages may use in the browser: no zod here (it costs ~100 KB there).

export const salutations = ["Frau", "Herr", "Divers"] as const;
export type Salutation = (typeof salutations)[number];
