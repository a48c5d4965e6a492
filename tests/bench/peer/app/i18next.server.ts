import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import i18n from "./i18n";

export const localeCookie = createCookie("lng", { path: "/" });

export default new RemixI18Next({
  detection: { supportedLanguages: i18n.supportedLngs, fallbackLanguage: i18n.fallbackLng, cookie: localeCookie },
  i18next: { ...i18n },
});
