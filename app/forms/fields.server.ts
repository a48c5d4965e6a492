import type { TFunction } from "i18next";
import { z } from "zod";
import type { CaptchaChallenge } from "#bff/legacy/contract";
import { UpstreamError } from "#bff/legacy/errors";

/** Control characters (`\p{Cc}`: line breaks, NUL, ESC, C1) and bidi marks, overrides and isolates: nothing a person types into one line. */
const NOT_IN_ONE_LINE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** The same, less the line breaks and tabs a text of several lines has. */
const NOT_IN_A_TEXT = /(?![\r\n\t])[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** A text field's characters: a single line (names, street, city, subject) or a text of several lines (a message). */
export function withoutControlCharacters(text: z.ZodString, t: TFunction, label: string, lines: "single" | "several" = "single") {
  const forbidden = lines === "single" ? NOT_IN_ONE_LINE : NOT_IN_A_TEXT;
  return text.refine(
    (value) => !forbidden.test(value),
    t(`validation:${lines === "single" ? "singleLine" : "controlCharacters"}`, { field: label }),
  );
}

/** A required, trimmed text with the portal's '<field> ist ein Pflichtfeld' message, on one line unless said otherwise. */
export function requiredText(t: TFunction, label: string, max: number, lines: "single" | "several" = "single") {
  const text = z
    .string({ error: t("validation:required", { field: label }) })
    .trim()
    .min(1, t("validation:required", { field: label }))
    .max(max, t("validation:invalid", { field: label }));
  return withoutControlCharacters(text, t, label, lines);
}

export function nameField(t: TFunction, label: string) {
  return requiredText(t, label, 50);
}

export function emailField(t: TFunction, label: string) {
  return requiredText(t, label, 100).pipe(z.email(t("validation:email")));
}

/** The backend's captcha question and its answer, when it asks for one. */
export function captchaFields(t: TFunction, ask: boolean) {
  const optional = z.string().optional();
  return {
    captchaId: ask ? requiredText(t, "Captcha", 64) : optional,
    captchaAnswer: ask
      ? z
          .string({ error: t("errors:captchaRequired") })
          .trim()
          .min(1, t("errors:captchaRequired"))
          .max(10, t("errors:captchaWrong"))
      : optional,
  };
}

/**
 * The backend's captcha check, or 'no captcha' when the check fails: the form still shows (after a
 * failed post, with everything typed), and the backend asks for the captcha on submit if it needs one.
 */
export async function challengeOrNone(check: Promise<CaptchaChallenge>): Promise<CaptchaChallenge> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof UpstreamError) return { IsCaptchaRequired: false, Captcha: null };
    throw error;
  }
}

/** The question to show, or null when the backend needs no captcha. */
export function captchaOf(challenge: CaptchaChallenge) {
  return challenge.IsCaptchaRequired && challenge.Captcha ? { id: challenge.Captcha.Id, question: challenge.Captcha.Frage } : null;
}
