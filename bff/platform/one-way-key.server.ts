import { createHash } from "node:crypto";

/** The one-way key of an address or a code, however spelt in case and spaces: nothing readable is kept in a store or a cookie. */
export function oneWayKey(value: string) {
  return createHash("sha256").update(value.trim().toLowerCase()).digest("base64url");
}
