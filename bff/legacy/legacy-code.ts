// Strings the backend takes from a fixed list (product API names, roles, report statuses): marked here
// so that the tolerant reader trims the padding of a fixed-width column (`"telekom   "`) and names a
// number sent in their place as an enum without its StringEnumConverter. Zod's enums and literals
// are such codes already; this marks the plain strings that are, with the names the portal knows where
// the list is open (roles): a known name in another casing is read as that name, an unknown one is noted.
import type { z } from "zod";

type CodeNames = { known: readonly string[]; noteUnknown: boolean };

const codeSchemas = new WeakMap<z.ZodType, CodeNames>();

/**
 * Marks a string schema as a code from a fixed list; `known`: the names of it the portal acts on.
 * `noteUnknown`: whether a name outside them is worth a warning (a role is; a report's status the
 * portal only shows is not).
 */
export function legacyCode<T extends z.ZodType>(schema: T, known: readonly string[] = [], { noteUnknown = true } = {}): T {
  codeSchemas.set(schema, { known, noteUnknown });
  return schema;
}

export function isLegacyCode(schema: z.ZodType) {
  return codeSchemas.has(schema);
}

/** The names of a code the portal acts on (none where it takes any), and whether another is noted. */
export function codeNamesOf(schema: z.ZodType): CodeNames {
  return codeSchemas.get(schema) ?? { known: [], noteUnknown: false };
}

const paddedNumbers = new WeakSet<z.ZodType>();

/**
 * Marks a string schema as a number the backend keeps in a fixed-width column (`Empfehlungsnummer`,
 * `Empfaengernummer`): read with its padding trimmed, so what the portal sends back is what the backend stores.
 */
export function legacyNumber<T extends z.ZodType>(schema: T): T {
  paddedNumbers.add(schema);
  return schema;
}

export function isLegacyNumber(schema: z.ZodType) {
  return paddedNumbers.has(schema);
}
