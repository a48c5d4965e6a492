import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { pageLanguageFromDocument, PageLanguageProvider } from "./i18n/use-translation";

void pageLanguageFromDocument().then((language) =>
  startTransition(() => {
    hydrateRoot(
      document,
      <PageLanguageProvider value={language}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </PageLanguageProvider>,
    );
  }),
);
