// IBAN checks (docs/security.md, input) with ibantools, which knows every country's length, format and
// checksum (ISO 13616), where a table of our own knew eleven.
import { isValidIBAN } from "ibantools";

/** Strips spaces and upper-cases: `de89 3704 …` → `DE893704…`. */
export function normalizeIban(value: string) {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** The country's format and length, then mod-97 = 1. With `germanOnly`, only DE + 20 digits. */
export function isValidIban(value: string, { germanOnly = false } = {}) {
  const iban = normalizeIban(value);
  return isValidIBAN(iban) && (!germanOnly || iban.startsWith("DE"));
}
