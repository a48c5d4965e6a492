import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18n from "./i18n";

void i18next.use(initReactI18next).init({ ...i18n, lng: document.documentElement.lang });
startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <RemixBrowser />
    </I18nextProvider>,
  );
});
