// Pages the server answers without Remix (a refused post, a failure before rendering).
import de from "../app/i18n/locales/de.json" with { type: "json" };
import en from "../app/i18n/locales/en.json" with { type: "json" };

const texts = { de, en };

function page(locale: "de" | "en", title: string, message: string) {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p role="alert">${message}</p><p><a href="/">${texts[locale].common.errorPage.back}</a></p></main></body></html>`;
}

export function forbiddenPage(locale: "de" | "en") {
  return page(locale, texts[locale].common.errorPage.title, texts[locale].errors.forbidden);
}

export function technicalErrorPage(locale: "de" | "en") {
  return page(locale, texts[locale].common.errorPage.title, texts[locale].errors.technical);
}

export function tooManyRequestsPage(locale: "de" | "en") {
  return page(locale, texts[locale].common.errorPage.title, texts[locale].errors.tooManyRequests);
}
