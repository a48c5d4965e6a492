// The page's language and texts for components, on the server and in the browser. The browser
// fetches the texts as a JSON file named by its content (cached for a year, see
// server/page-texts.ts) before it hydrates: they are neither in every page nor in a script bundle.
import { createContext, useContext, useMemo } from "react";
import { createTranslate, type Texts, type Translate, withTenantTexts } from "./translate";

export type PageLanguage = { t: Translate; language: string; textsUrl: string };

const PageLanguageContext = createContext<PageLanguage | null>(null);

export const PageLanguageProvider = PageLanguageContext.Provider;

export function pageLanguage(language: string, texts: Texts, textsUrl: string): PageLanguage {
  return { t: createTranslate(texts, language), language, textsUrl };
}

/** In the browser: the page's language, with the texts the page names. */
export async function pageLanguageFromDocument(): Promise<PageLanguage> {
  const { lang, dataset } = document.documentElement;
  const textsUrl = dataset.texts ?? "";
  const texts = (await (await fetch(textsUrl)).json()) as Texts;
  return pageLanguage(lang || "de", texts, textsUrl);
}

/** Below it, the tenant's own texts (from the backend) come before the portal's. */
export function TenantTextsProvider({ texts, children }: { texts: Record<string, string>; children: React.ReactNode }) {
  const page = useContext(PageLanguageContext);
  const value = useMemo(
    () => (page && Object.keys(texts).length > 0 ? { ...page, t: withTenantTexts(page.t, texts) } : page),
    [page, texts],
  );
  return <PageLanguageProvider value={value}>{children}</PageLanguageProvider>;
}

export function useTranslation() {
  const page = useContext(PageLanguageContext);
  if (!page) throw new Error("useTranslation outside PageLanguageProvider");
  return { t: page.t, i18n: { language: page.language } };
}

/** Where the browser finds the page's texts (an attribute of <html>). */
export function usePageTextsUrl() {
  return useContext(PageLanguageContext)?.textsUrl;
}
