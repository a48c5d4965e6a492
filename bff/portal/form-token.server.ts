// The synchronizer token: random, kept in a sealed cookie, echoed by the form. The login form
// always carries it; inside an integrated frame every form does (docs/security.md), because there the
// cookies are SameSite=None and a cross-site post would carry them.
import { timingSafeEqual } from "node:crypto";
import { randomBytes } from "../platform/random-bytes.server";
import type { Bff } from "./services.server";

/** The request's token, or a new one with the Set-Cookie that stores it. */
export function formTokenFor(request: Request, bff: Bff): { token: string; setCookie?: string } {
  const existing = bff.cookies.formToken.read(request);
  if (existing) return { token: existing.token };
  const token = randomBytes(32).toString("hex");
  return { token, setCookie: bff.cookies.formToken.write(request, { token }, { persistent: false }) };
}

export function isFormTokenValid(request: Request, bff: Bff, submitted: FormDataEntryValue | null) {
  const expected = bff.cookies.formToken.read(request)?.token;
  if (!expected || typeof submitted !== "string" || submitted.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(submitted), Buffer.from(expected));
}
