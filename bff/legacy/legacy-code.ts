// Strings the backend takes from a fixed list (product API names, roles, report statuses): marked here
// so that the tolerant reader trims the padding of a fixed-width column (`"telekom   "`) and names a
// number sent in their place as an enum without its StringEnumConverter. Zod's enums and literals
// are such codes already; this marks the plain strings that are.
import type { z } from "zod";

const codeSchemas = new WeakSet<z.ZodType>();

/** Marks a string schema as a code from a fixed list. */
export function legacyCode<T extends z.ZodType>(schema: T): T {
  codeSchemas.add(schema);
  return schema;
}

export function isLegacyCode(schema: z.ZodType) {
  return codeSchemas.has(schema);
}
