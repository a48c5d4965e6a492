// Token cookies: sealed (encrypted, not only signed), HttpOnly, SameSite=Lax, Secure and
// __Host- prefixed in production, bound to the host they were set for (one tenant's value does
// not open on another tenant's host). A value that fails to open, or is past its idle or
// absolute limit, reads as absent.
import { parse, serialize, type SerializeOptions } from "cookie";
import { z } from "zod";
import type { Sealer } from "../platform/seal.server";

const MINUTE = 60;
export const HOUR = 60 * 60;
const DAY = 24 * HOUR;
export const USER_SESSION_MAX_SECONDS = 30 * DAY;

type Lifetime = { idleSeconds: number; absoluteSeconds: number };

/** What a sealed cookie holds around its data; times in seconds since the epoch. */
type Envelope<T> = { data: T; issuedAt: number; lastSeenAt: number; expiresAt: number; persistent: boolean };

/** The request a cookie is written for: its URL's host is sealed into the value. */
export type CookieScope = Pick<Request, "url">;
/** The request a cookie is read from: its host, and the Cookie header. */
type CookieRequest = CookieScope & Pick<Request, "headers">;

type WriteOptions = { persistent?: boolean; issuedAt?: number };

export type SealedCookie<T> = {
  name: string;
  read(request: CookieRequest): T | null;
  /** The value with when it was first written (seconds since the epoch; kept through refreshes). */
  readIssued(request: CookieRequest): { data: T; issuedAt: number } | null;
  /** A fresh Set-Cookie when a valid value has used half its idle window (sliding expiry), else null. */
  refresh(request: CookieRequest): string | null;
  /** The value's idle window started again now, its absolute limit kept (a visitor's "Mehr Zeit"); null where it carries none. */
  extend(request: CookieRequest): string | null;
  /** When the value lapses unless the visitor goes on (seconds since the epoch), and whether that is its absolute limit. */
  lapse(request: CookieRequest): { at: number; final: boolean } | null;
  /** `persistent: false` makes a session-only cookie (no Max-Age); `issuedAt` (seconds) where it must not count as issued before then. */
  write(request: CookieScope, data: T, options?: WriteOptions): string;
  /** The value the request carries, issued anew (its windows start again, its persistence kept); null where it carries none. */
  reissue(request: CookieRequest, options?: Pick<WriteOptions, "issuedAt">): string | null;
  clear(): string;
};

export type CookieSettings = { sealer: Sealer; secure: boolean; now?: () => number };

function nowSeconds() {
  return Math.floor(Date.now() / 1000);
}

/** What a value is sealed for: the cookie's name and the host, so it moves to neither another cookie nor another tenant. */
function sealPurpose(name: string, request: CookieScope) {
  return `${name}@${new URL(request.url).hostname}`;
}

/** The scope of an Express request, with the host Remix's adapter gives the same request (`req.hostname`). */
export function scopeOfHost(hostname: string): CookieScope {
  return { url: `http://${hostname}/` };
}

export function cookieName(base: string, secure: boolean) {
  return secure ? `__Host-${base}` : base;
}

export function createSealedCookie<T>(
  base: string,
  schema: z.ZodType<T>,
  lifetimes: { persistent: Lifetime; sessionOnly: Lifetime },
  { sealer, secure, now = nowSeconds }: CookieSettings,
): SealedCookie<T> {
  const name = cookieName(base, secure);
  const attributes: SerializeOptions = { httpOnly: true, secure, sameSite: "lax", path: "/" };
  const envelopeSchema = z.union([
    z.object({ data: schema, issuedAt: z.number(), lastSeenAt: z.number(), expiresAt: z.number(), persistent: z.boolean() }),
    // The short names cookies written before 2026-11-23 carry; read until their longest life (30 days) has passed.
    z
      .object({ d: schema, iat: z.number(), seen: z.number(), abs: z.number(), persist: z.boolean() })
      .transform(({ d, iat, seen, abs, persist }) => ({ data: d, issuedAt: iat, lastSeenAt: seen, expiresAt: abs, persistent: persist })),
  ]);

  function openEnvelope(request: CookieRequest): Envelope<T> | null {
    const raw = parse(request.headers.get("Cookie") ?? "")[name];
    const opened = raw ? sealer.open(raw, sealPurpose(name, request)) : null;
    if (!opened) return null;
    let json: unknown;
    try {
      json = JSON.parse(opened);
    } catch {
      return null;
    }
    const parsed = envelopeSchema.safeParse(json);
    if (!parsed.success) return null;
    const envelope = parsed.data as Envelope<T>;
    const limit = envelope.persistent ? lifetimes.persistent : lifetimes.sessionOnly;
    const current = now();
    if (current >= envelope.expiresAt || current - envelope.lastSeenAt >= limit.idleSeconds) return null;
    return envelope;
  }

  function serializeEnvelope(request: CookieScope, envelope: Envelope<T>) {
    const value = sealer.seal(JSON.stringify(envelope), sealPurpose(name, request));
    const remaining = envelope.expiresAt - envelope.lastSeenAt;
    return serialize(name, value, { ...attributes, ...(envelope.persistent ? { maxAge: remaining } : {}) });
  }

  return {
    name,
    read(request) {
      return openEnvelope(request)?.data ?? null;
    },
    readIssued(request) {
      const envelope = openEnvelope(request);
      return envelope && { data: envelope.data, issuedAt: envelope.issuedAt };
    },
    extend(request) {
      const envelope = openEnvelope(request);
      return envelope && serializeEnvelope(request, { ...envelope, lastSeenAt: now() });
    },
    lapse(request) {
      const envelope = openEnvelope(request);
      if (!envelope) return null;
      const idleEnd = envelope.lastSeenAt + (envelope.persistent ? lifetimes.persistent : lifetimes.sessionOnly).idleSeconds;
      return { at: Math.min(idleEnd, envelope.expiresAt), final: envelope.expiresAt <= idleEnd };
    },
    refresh(request) {
      const envelope = openEnvelope(request);
      if (!envelope) return null;
      const limit = envelope.persistent ? lifetimes.persistent : lifetimes.sessionOnly;
      if (now() - envelope.lastSeenAt < limit.idleSeconds / 2) return null;
      return serializeEnvelope(request, { ...envelope, lastSeenAt: now() });
    },
    write(request, data, { persistent = true, issuedAt } = {}) {
      const limit = persistent ? lifetimes.persistent : lifetimes.sessionOnly;
      const issued = Math.max(now(), issuedAt ?? 0);
      return serializeEnvelope(request, {
        data,
        issuedAt: issued,
        lastSeenAt: issued,
        expiresAt: issued + limit.absoluteSeconds,
        persistent,
      });
    },
    reissue(request, options) {
      const envelope = openEnvelope(request);
      return envelope && this.write(request, envelope.data, { ...options, persistent: envelope.persistent });
    },
    clear() {
      return serialize(name, "", { ...attributes, maxAge: 0, expires: new Date(0) });
    },
  };
}

export const sessionUserSchema = z.object({
  token: z.string().min(1),
  vorname: z.string(),
  nachname: z.string(),
  email: z.string(),
  empfehlerHash: z.string().optional(),
  newsletterPermission: z.boolean(),
  newsletterOptinSentAt: z.string().nullish(),
  /** The language saved with the account (updateLanguage), applied at login. */
  language: z.enum(["de", "en"]).nullish(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const recipientTokenSchema = z.object({
  token: z.string().min(1),
  empfaengernummer: z.string().optional(),
  empfehlungsnummer: z.string().optional(),
  /** False when the recommender keeps the whole reward: the journey asks no bank data. */
  rewarded: z.boolean().optional(),
  /** The most the recipient's share can bring, as the data page said: the later steps repeat it. */
  rewardCents: z.number().int().min(0).optional(),
});
export type RecipientSession = z.infer<typeof recipientTokenSchema>;
export const rewardTokenSchema = z.object({ token: z.string().min(1) });
/** A token from a mailed link (registration, password reset, newsletter), bound to the page it came for. */
export const linkTokenSchema = z.object({ token: z.string().min(1), page: z.string() });
/** The admin login token kept in autologin mode, to log in again when the session ends. */
export const adminTokenSchema = z.object({ token: z.string().min(1) });
/** A synchronizer token for the login form (docs/security.md: login CSRF), 256 random bits. */
/** A token link's sign-in, waiting for the person to confirm it (app/routes/login_.bestaetigen.tsx). */
export const pendingLoginSchema = z.object({ user: sessionUserSchema, adminToken: z.string().min(1) });

export const formTokenSchema = z.object({ token: z.string().regex(/^[0-9a-f]{64}$/) });

/** An agency user after the single sign-on (token and roles). */
export const agencySessionSchema = z.object({
  token: z.string().min(1),
  roles: z.array(z.string()),
  name: z.string(),
  email: z.string(),
  agentNumber: z.string(),
});
export type AgencySession = z.infer<typeof agencySessionSchema>;
/** The PKCE verifier, state and nonce of a sign-on under way, and the page to return to. */
/** The backend cookies a tenant needs back (its farm's affinity), by name (bff/legacy/backend-cookies.server.ts). */
export const backendCookiesSchema = z.record(z.string().max(64), z.string().max(256)).refine((cookies) => Object.keys(cookies).length <= 8);

export const signOnSchema = z.object({
  verifier: z.string().min(43),
  state: z.string().min(1),
  nonce: z.string().min(1),
  returnTo: z.string(),
  /** The return address sent to the identity provider, sent again with the code (RFC 6749 4.1.3). */
  redirectUri: z.url(),
});

/** A recipient's or reward token: a day idle, a week at most. */
const TOKEN_FROM_A_LINK = {
  persistent: { idleSeconds: DAY, absoluteSeconds: 7 * DAY },
  sessionOnly: { idleSeconds: 2 * HOUR, absoluteSeconds: DAY },
};

/** A step that waits for the person a little while (a sign-on's round trip, a token link's confirmation). */
const TEN_MINUTES = {
  persistent: { idleSeconds: 10 * MINUTE, absoluteSeconds: 10 * MINUTE },
  sessionOnly: { idleSeconds: 10 * MINUTE, absoluteSeconds: 10 * MINUTE },
};

/** A recommender's session: a month where they asked to stay, else the browser's session within 12 hours. */
const USER_SESSION = {
  persistent: { idleSeconds: 30 * DAY, absoluteSeconds: USER_SESSION_MAX_SECONDS },
  sessionOnly: { idleSeconds: 2 * HOUR, absoluteSeconds: 12 * HOUR },
};

export function createTokenCookies(settings: CookieSettings) {
  return {
    user: createSealedCookie("rp_session", sessionUserSchema, USER_SESSION, settings),
    recipient: createSealedCookie("rp_recipient", recipientTokenSchema, TOKEN_FROM_A_LINK, settings),
    reward: createSealedCookie("rp_reward", rewardTokenSchema, TOKEN_FROM_A_LINK, settings),
    link: createSealedCookie(
      "rp_link",
      linkTokenSchema,
      {
        persistent: { idleSeconds: HOUR, absoluteSeconds: DAY },
        sessionOnly: { idleSeconds: HOUR, absoluteSeconds: DAY },
      },
      settings,
    ),
    autologin: createSealedCookie(
      "rp_autologin",
      adminTokenSchema,
      {
        persistent: { idleSeconds: 30 * DAY, absoluteSeconds: 90 * DAY },
        sessionOnly: { idleSeconds: 2 * HOUR, absoluteSeconds: DAY },
      },
      settings,
    ),
    formToken: createSealedCookie(
      "rp_form",
      formTokenSchema,
      {
        persistent: { idleSeconds: DAY, absoluteSeconds: DAY },
        sessionOnly: { idleSeconds: 2 * HOUR, absoluteSeconds: DAY },
      },
      settings,
    ),
    agency: createSealedCookie(
      "rp_agency",
      agencySessionSchema,
      {
        persistent: { idleSeconds: 2 * HOUR, absoluteSeconds: 12 * HOUR },
        sessionOnly: { idleSeconds: 2 * HOUR, absoluteSeconds: 12 * HOUR },
      },
      settings,
    ),
    pendingLogin: createSealedCookie("rp_pending_login", pendingLoginSchema, TEN_MINUTES, settings),
    // As long as the longest session that may need them; ended with the others at logout.
    backend: createSealedCookie("rp_backend", backendCookiesSchema, USER_SESSION, settings),
    signOn: createSealedCookie("rp_sso", signOnSchema, TEN_MINUTES, settings),
  };
}

/** Set-Cookie values that end every token cookie, for logout and PSOF0204. */
export function clearAllTokenCookies(cookies: Record<string, Pick<SealedCookie<unknown>, "clear">>) {
  return Object.values(cookies).map((cookie) => cookie.clear());
}
