// One-line confirmations a page shows after a redirect, named in its address (`?hinweis=`): they
// work without JavaScript, and only these known notices are shown, never text from the address.
const NOTICES = {
  "konto-geloescht": "notices.accountDeleted",
  "bankdaten-gespeichert": "notices.bankDataSaved",
  "sitzung-beendet": "notices.sessionEnded",
  "empfehlung-existiert": "notices.recommendationExists",
  "empfehlung-anmelden": "notices.recommendationExistsLogIn",
  "praemienmail-gesendet": "notices.rewardMailSent",
  "cookies-gespeichert": "notices.cookiesSaved",
} as const;

export type Notice = keyof typeof NOTICES;

const PARAMETER = "hinweis";

/** The path with the notice added to its query. */
export function withNotice(path: string, notice: Notice) {
  const url = new URL(path, "http://portal.invalid");
  url.searchParams.set(PARAMETER, notice);
  return `${url.pathname}${url.search}`;
}

/** The text key of the notice the address names, or null. */
export function noticeTextOf(search: URLSearchParams) {
  const notice = search.get(PARAMETER);
  return notice !== null && Object.hasOwn(NOTICES, notice) ? NOTICES[notice as Notice] : null;
}
