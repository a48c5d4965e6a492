// The portal's own texts (copied next to this file when the benchmark builds the peer).
import de from "./locales/de.json";
import en from "./locales/en.json";

export default {
  supportedLngs: ["de", "en"],
  fallbackLng: "de",
  defaultNS: "common",
  ns: ["common", "errors", "validation"],
  interpolation: { escapeValue: false },
  resources: { de, en },
};
