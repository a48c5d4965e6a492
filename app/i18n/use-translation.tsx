// The page's language and texts for components, on the server and in the browser. The texts reach
// the browser once, as JSON inside the page (<PageTexts />), not in a script bundle.
import { createContext, useContext } from "react";
import { createTranslate, type Translate } from "./translate";

type PageLanguage = { t: Translate; language: string; textsJson: string };

const PageLanguageContext = createContext<PageLanguage | null>(null);

export const PageLanguageProvider = PageLanguageContext.Provider;

const TEXTS_ELEMENT_ID = "seitentexte";

export function pageLanguage(language: string, textsJson: string): PageLanguage {
  return { t: createTranslate(JSON.parse(textsJson), language), language, textsJson };
}

/** In the browser: the language and texts the server put into the page. */
export function pageLanguageFromDocument(): PageLanguage {
  return pageLanguage(document.documentElement.lang || "de", document.getElementById(TEXTS_ELEMENT_ID)?.textContent ?? "{}");
}

export function useTranslation() {
  const page = useContext(PageLanguageContext);
  if (!page) throw new Error("useTranslation outside PageLanguageProvider");
  return { t: page.t, i18n: { language: page.language } };
}

/** The texts as JSON data in the page; `<` is escaped so no text can end the script element. */
export function PageTexts({ nonce }: { nonce?: string }) {
  const page = useContext(PageLanguageContext);
  return <script id={TEXTS_ELEMENT_ID} type="application/json" nonce={nonce} dangerouslySetInnerHTML={{ __html: page?.textsJson.replace(/</g, "\\u003c") ?? "{}" }} />;
}
