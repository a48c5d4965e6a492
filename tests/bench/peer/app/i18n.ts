export default {
  supportedLngs: ["de", "en"],
  fallbackLng: "de",
  defaultNS: "common",
  resources: {
    de: { common: { greeting: "Hallo Welt", intro: "Eine minimale Remix-Seite." } },
    en: { common: { greeting: "Hello world", intro: "A minimal Remix page." } },
  },
};
