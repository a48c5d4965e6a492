// A recipient or reward token that arrives in a link (`?token=…`) is moved into its sealed cookie,
// and the browser goes to the same page without it: the token never stays in the address bar,
// the history or a Referer header.
import type { RequestHandler } from "express";
import type { Bff } from "../bff/services.server";

const REWARD_PAGES = /^\/(praemie(\/\d+)?|kundennummer|empfehler\/bankdaten)\/?$/;
const RECIPIENT_PAGES = /^\/(bankdaten|empfaengerbestaetigung|empfaenger\/zustimmung)\/?$/;
const TOKEN = /^[\w.~-]{8,512}$/;

export function tokenLinks(bff: Bff): RequestHandler {
  return (req, res, next) => {
    const token = req.query.token;
    if (req.method !== "GET" || typeof token !== "string") return next();
    const cookie = REWARD_PAGES.test(req.path) ? bff.cookies.reward : RECIPIENT_PAGES.test(req.path) ? bff.cookies.recipient : null;
    if (!cookie) return next();
    if (TOKEN.test(token)) res.append("Set-Cookie", cookie.write({ token }, { persistent: false }));
    const url = new URL(req.originalUrl, "http://portal.invalid");
    url.searchParams.delete("token");
    res.set({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" }).redirect(303, `${url.pathname}${url.search}`);
  };
}
