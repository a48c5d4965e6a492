// The one table that maps legacy error codes to user messages (texts in app/i18n/locales).
// The codes are the backend's; docs/legacy-error-codes.md lists them with their meaning.

export const userMessageKeys = [
  "technical",
  "wrongCredentials",
  "linkExpired",
  "notAuthorised",
  "accountBlocked",
  "accountBlockedTemporarily",
  "accountBlockedWildcard",
  "emailNotRegistered",
  "recommendationExists",
  "emailExists",
  "emailNotAllowed",
  "invalidEmail",
  "tokenAlreadyUsed",
  "recipientEmailEqualsRecommender",
  "network",
  "tenantUnavailable",
  "backendBusy",
  "acceptTerms",
  "rewardAlreadyCollected",
  "loginFirst",
  "optInRequiredExisting",
  "optInRequiredBeforeSending",
  "captchaRequired",
  "captchaWrong",
  "rewardTokenInvalid",
  "rewardTokenExpired",
  "bankDataNotSaved",
  "passwordChangeFailed",
  "recommendationNotPossible",
  "orderAlreadyReleased",
  "sessionExpired",
  "tooManyForAddress",
  "tooManyForCode",
  "tooManyForAccount",
  "tooManyLookups",
  "payloadTooLarge",
  "formUnreadable",
] as const;
export type UserMessageKey = (typeof userMessageKeys)[number];

/** PSOF0204 ends the session: the BFF clears every token cookie and sends the user to /login. */
export const SESSION_EXPIRED_CODE = "PSOF0204";

export const legacyErrorCodes: Record<string, UserMessageKey> = {
  PSOF0001: "technical",
  PSOF0101: "wrongCredentials",
  PSOF0102: "linkExpired",
  PSOF0103: "notAuthorised",
  PSOF0104: "accountBlocked",
  PSOF0105: "accountBlockedTemporarily",
  KontoGesperrtWildcard: "accountBlockedWildcard",
  PSOF0107: "emailNotRegistered",
  PSOF0201: "recommendationExists",
  PSOF0202: "emailExists",
  PSOF0203: "emailNotAllowed",
  [SESSION_EXPIRED_CODE]: "sessionExpired",
  PSOF0205: "invalidEmail",
  PSOF0206: "tokenAlreadyUsed",
  PSOF0207: "recipientEmailEqualsRecommender",
  PSOF0208: "acceptTerms",
  PSOF0209: "rewardAlreadyCollected",
  PSOF0210: "loginFirst",
  PSOF0211: "optInRequiredExisting",
  PSOF0212: "optInRequiredBeforeSending",
  PSOF0213: "captchaRequired",
  PSOF0214: "captchaWrong",
  PSOF0215: "rewardTokenInvalid",
  PSOF0216: "rewardTokenExpired",
  PSOF0217: "bankDataNotSaved",
  PSOF0218: "passwordChangeFailed",
  PSOF0219: "recommendationNotPossible",
  PSOF0220: "orderAlreadyReleased",
};

/**
 * The form field a message belongs next to. A form that has the field (it sent it) shows the message
 * there, with a 400; a form without it, and every other message, shows it above the form
 * (app/forms/upstream-failure.server.ts).
 */
export const fieldOfMessage: Partial<Record<UserMessageKey, "email" | "captchaAnswer">> = {
  captchaRequired: "captchaAnswer",
  captchaWrong: "captchaAnswer",
  invalidEmail: "email",
  emailExists: "email",
  emailNotAllowed: "email",
  loginFirst: "email",
  optInRequiredExisting: "email",
  recipientEmailEqualsRecommender: "email",
};

/**
 * Codes of a 401 that refuse what was sent (a password, a mailed link's token in the body), not the
 * session's token: every other 401 on a call made with a recommender's or agency's token ends the session.
 */
export const refusalsOfWhatWasSent: ReadonlySet<string> = new Set([
  "PSOF0101",
  "PSOF0102",
  "PSOF0104",
  "PSOF0105",
  "KontoGesperrtWildcard",
  "PSOF0107",
  "PSOF0206",
  "PSOF0218",
]);

export function messageKeyForLegacyError(status: number, code: string | undefined): UserMessageKey {
  if (code && code in legacyErrorCodes) return legacyErrorCodes[code];
  if (status === 401) return "notAuthorised";
  return "technical";
}
