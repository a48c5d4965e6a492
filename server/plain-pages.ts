// Pages the server answers without Remix (a refused request, a failure before rendering), in the
// visitor's language.
import type { Request, Response } from "express";
import de from "../app/i18n/locales/de.json" with { type: "json" };
import en from "../app/i18n/locales/en.json" with { type: "json" };

const texts = { de, en };

export type PlainMessage =
  "forbidden" | "technical" | "tooManyRequests" | "badRequest" | "payloadTooLarge" | "formUnreadable" | "tooManyHeaders";

/** A few rules so the page reads like the portal's, under the response's CSP nonce (no stylesheet to load). */
const STYLE =
  "body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#1f2937}main{max-width:40rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.5rem;line-height:1.25}a{color:inherit}";

function plainPage(locale: "de" | "en", message: PlainMessage, nonce?: string) {
  const { title, back } = texts[locale].common.errorPage;
  const style = nonce ? `<style nonce="${nonce}">${STYLE}</style>` : "";
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${style}</head><body><main><h1>${title}</h1><p role="alert">${texts[locale].errors[message]}</p><p><a href="/">${back}</a></p></main></body></html>`;
}

/** Answers with `status` and the plain page of `message`; nothing of the request is echoed. */
export function sendPlainPage(req: Request, res: Response, status: number, message: PlainMessage) {
  const locale = req.acceptsLanguages("de", "en") === "en" ? "en" : "de";
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .type("html")
    .send(plainPage(locale, message, res.locals.cspNonce as string | undefined));
}
