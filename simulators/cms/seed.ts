// Content of the CMS simulator, in German and English.
export type Locale = "de" | "en";

type Content = {
  blocks: Record<string, { Id: string; Titel: string; Inhalt: string }>;
  keyVisuals: Record<string, { Id: string; Titel: string; Untertitel: string; Bild: string }>;
  faq: Record<string, { Id: string; Frage: string; Antwort: string }[]>;
  footnotes: { Id: number; Identifier: string; Gruppe: string; Titel: string; Inhalt: string }[];
};

const faqDe: [string, string][] = [
  ["Wer darf empfehlen?", "Jede natürliche Person ab 18 Jahren mit Wohnsitz in Deutschland."],
  ["Darf ich mich selbst empfehlen?", "Nein, Selbstempfehlungen sind ausgeschlossen."],
  ["Darf ich gewerblich empfehlen?", "Nein, eine gewerbliche Nutzung ist ausgeschlossen."],
  ["Dürfen Mitarbeitende teilnehmen?", "Mitarbeitende und Dienstleister können von der Teilnahme ausgeschlossen sein."],
  ["Wie lange ist ein Empfehlungslink gültig?", "Ein Empfehlungslink ist 60 Tage gültig."],
  ["Wann erhalte ich meine Prämie?", "Die Auszahlung erfolgt in der Regel nach 4 bis 6 Wochen, spätestens nach 3 Monaten."],
  ["Wie erhalte ich einen Gutschein?", "Gutscheine kommen innerhalb von 24 Stunden per E-Mail."],
  ["Wie lange dauert eine Überweisung?", "Überweisungen werden innerhalb von 4 Wochen ausgeführt."],
  [
    "Meine Prämie fehlt. Was tun?",
    "Eine fehlende Prämie können Sie nach 6 Wochen bei uns reklamieren, auch telefonisch unter {{Hotline}}.",
  ],
  ["Kann ich die Prämie teilen?", "Ja, 50:50 mit Ihrem Kontakt, ganz an Ihren Kontakt oder ganz an Sie."],
  ["Wie teile ich meinen Link?", "Per E-Mail, Messenger, SMS, in sozialen Netzwerken oder als Story."],
  ["Was ist ein Empfehlungscode?", "Ein Code, den Ihr Kontakt unter /code eingeben kann."],
  ["Wo sehe ich den Status?", "In Ihrem persönlichen Bereich sehen Sie jede Empfehlung mit Status."],
  ["Wie ändere ich meine Bankdaten?", "Unter Meine Daten können Sie Ihre Bankverbindung ändern."],
  ["Wie lösche ich mein Konto?", "Unter Meine Daten können Sie Ihr Konto löschen."],
];

const faqEn: [string, string][] = [
  ["Who may recommend?", "Any natural person aged 18 or over living in Germany."],
  ["May I recommend myself?", "No, self-recommendation is excluded."],
  ["May I recommend commercially?", "No, commercial use is excluded."],
  ["May employees take part?", "Employees and service providers may be barred from the programme."],
  ["How long is a recommendation link valid?", "A recommendation link is valid for 60 days."],
  ["When do I get my reward?", "Payout normally takes 4 to 6 weeks, at most 3 months."],
  ["How do I get a voucher?", "Vouchers arrive by e-mail within 24 hours."],
  ["How long does a bank transfer take?", "Transfers are made within 4 weeks."],
  ["My reward is missing. What now?", "You can claim a missing reward after 6 weeks, also by phone on {{Hotline}}."],
  ["Can I share the reward?", "Yes: 50:50 with your contact, all to your contact, or all to you."],
  ["How do I share my link?", "By e-mail, messenger, SMS, on social networks or as a story."],
  ["What is a recommendation code?", "A code your contact can enter at /code."],
  ["Where do I see the status?", "Your personal area shows each recommendation with its status."],
  ["How do I change my bank details?", "Under My data you can change your bank details."],
  ["How do I delete my account?", "Under My data you can delete your account."],
];

/** friday's own texts say "du", as its configuration asks of the portal's (docs/decisions/050). */
const informalFaqDe: Record<string, string> = {
  "Meine Prämie fehlt. Was tun?": "Eine fehlende Prämie kannst du nach 6 Wochen bei uns reklamieren, auch telefonisch unter {{Hotline}}.",
  "Kann ich die Prämie teilen?": "Ja, 50:50 mit deinem Kontakt, ganz an deinen Kontakt oder ganz an dich.",
  "Was ist ein Empfehlungscode?": "Ein Code, den dein Kontakt unter /code eingeben kann.",
  "Wo sehe ich den Status?": "In deinem persönlichen Bereich siehst du jede Empfehlung mit Status.",
  "Wie ändere ich meine Bankdaten?": "Unter Meine Daten kannst du deine Bankverbindung ändern.",
  "Wie lösche ich mein Konto?": "Unter Meine Daten kannst du dein Konto löschen.",
};

const toFaq = (items: [string, string][]) => items.map(([Frage, Antwort], index) => ({ Id: `faq-${index + 1}`, Frage, Antwort }));

const cmsContent: Record<Locale, Content> = {
  de: {
    blocks: {
      impressum: {
        Id: "impressum",
        Titel: "Impressum",
        Inhalt:
          "Empfehlungsportal GmbH\nBeispielstraße 1, 10115 Berlin\n\nVertreten durch die Geschäftsführung: Erika Beispiel\nHandelsregister: Amtsgericht Berlin, HRB 000000\n\nKontakt: über das Kontaktformular dieses Portals.",
      },
      datenschutz: {
        Id: "datenschutz",
        Titel: "Datenschutzhinweise",
        Inhalt:
          "Wir verarbeiten Ihre Daten, um Empfehlungen abzuwickeln und Prämien auszuzahlen (Art. 6 Abs. 1 lit. b DSGVO).\n\nNotwendige Cookies halten Ihre Anmeldung und Ihren Fortschritt. Funktionale, analytische und Marketing-Cookies setzen wir nur mit Ihrer Einwilligung; Sie können sie in den Cookie-Einstellungen jederzeit ändern.\n\nSie haben das Recht auf Auskunft, Berichtigung, Löschung und Widerspruch.",
      },
      agb: {
        Id: "agb",
        Titel: "Teilnahmebedingungen",
        Inhalt:
          "Teilnehmen dürfen natürliche Personen ab 18 Jahren mit Wohnsitz in Deutschland.\n\nSelbstempfehlungen und eine gewerbliche Nutzung sind ausgeschlossen. Mitarbeitende und Dienstleister können ausgeschlossen sein.\n\nEin Empfehlungslink ist 60 Tage gültig. Die Prämie wird nach Vertragsabschluss des Empfängers gewährt.",
      },
      home: {
        Id: "home",
        Titel: "Empfehlen lohnt sich",
        Inhalt: "Teilen Sie Ihren persönlichen Empfehlungslink und sichern Sie sich für jede erfolgreiche Empfehlung eine Prämie.",
      },
    },
    keyVisuals: {
      home: { Id: "home", Titel: "Freunde werben, Prämie sichern", Untertitel: "In drei Schritten zur Prämie", Bild: "home.svg" },
    },
    faq: { allgemein: toFaq(faqDe) },
    footnotes: [
      {
        Id: 1,
        Identifier: "praemie",
        Gruppe: "home",
        Titel: "Prämie",
        Inhalt: "Die Prämie wird nach Vertragsabschluss des Empfängers gewährt.",
      },
      {
        Id: 2,
        Identifier: "preis",
        Gruppe: "produkte",
        Titel: "Preise",
        Inhalt: "Alle Preise inklusive Mehrwertsteuer. Mindestvertragslaufzeit 24 Monate.",
      },
      { Id: 3, Identifier: "glasfaser", Gruppe: "produkte", Titel: "Glasfaser", Inhalt: "Verfügbarkeit an Ihrer Adresse vorausgesetzt." },
    ],
  },
  en: {
    blocks: {
      impressum: {
        Id: "impressum",
        Titel: "Legal notice",
        Inhalt:
          "Empfehlungsportal GmbH\nBeispielstraße 1, 10115 Berlin, Germany\n\nManaging director: Erika Beispiel\nCommercial register: Amtsgericht Berlin, HRB 000000\n\nContact: through this portal's contact form.",
      },
      datenschutz: {
        Id: "datenschutz",
        Titel: "Privacy notice",
        Inhalt:
          "We process your data to handle recommendations and pay out rewards (Art. 6(1)(b) GDPR).\n\nNecessary cookies keep your login and your progress. Functional, analytical and marketing cookies are set only with your consent; you can change it at any time in the cookie settings.\n\nYou have the right of access, rectification, erasure and objection.",
      },
      agb: {
        Id: "agb",
        Titel: "Terms of participation",
        Inhalt:
          "Natural persons aged 18 or over living in Germany may take part.\n\nSelf-recommendation and commercial use are excluded. Employees and service providers may be barred.\n\nA recommendation link is valid for 60 days. The reward is granted once the recipient has signed a contract.",
      },
      home: {
        Id: "home",
        Titel: "Recommending pays off",
        Inhalt: "Share your personal recommendation link and earn a reward for every successful recommendation.",
      },
    },
    keyVisuals: { home: { Id: "home", Titel: "Refer friends, earn a reward", Untertitel: "Three steps to your reward", Bild: "home.svg" } },
    faq: { allgemein: toFaq(faqEn) },
    footnotes: [
      {
        Id: 1,
        Identifier: "praemie",
        Gruppe: "home",
        Titel: "Reward",
        Inhalt: "The reward is granted once the recipient has signed a contract.",
      },
      { Id: 2, Identifier: "preis", Gruppe: "produkte", Titel: "Prices", Inhalt: "All prices include VAT. Minimum term 24 months." },
      { Id: 3, Identifier: "glasfaser", Gruppe: "produkte", Titel: "Fibre", Inhalt: "Subject to availability at your address." },
    ],
  },
};

const informalBlocksDe: Content["blocks"] = {
  datenschutz: {
    Id: "datenschutz",
    Titel: "Datenschutzhinweise",
    Inhalt:
      "Wir verarbeiten deine Daten, um Empfehlungen abzuwickeln und Prämien auszuzahlen (Art. 6 Abs. 1 lit. b DSGVO).\n\nNotwendige Cookies halten deine Anmeldung und deinen Fortschritt. Funktionale, analytische und Marketing-Cookies setzen wir nur mit deiner Einwilligung; du kannst sie in den Cookie-Einstellungen jederzeit ändern.\n\nDu hast das Recht auf Auskunft, Berichtigung, Löschung und Widerspruch.",
  },
  home: {
    Id: "home",
    Titel: "Zufrieden? Dann sag's weiter.",
    Inhalt: "Ein Link, zwei Klicks: Teil ihn mit deinen Leuten. Schließt jemand ab, gibt's deine Prämie.",
  },
};

type KeyVisual = Content["keyVisuals"][string];

/** Each demo brand's own caption for its own key visual (friday speaks German only). */
const brandKeyVisuals: Record<string, Partial<Record<Locale, Pick<KeyVisual, "Titel" | "Untertitel">>>> = {
  telekom: {
    de: { Titel: "Gutes Netz teilt man gern", Untertitel: "Mobilfunk, Festnetz, TV und Glasfaser empfehlen" },
    en: { Titel: "A good network is worth sharing", Untertitel: "Recommend mobile, landline, TV and fibre" },
  },
  allianz: {
    de: { Titel: "Gut beraten, gern empfohlen", Untertitel: "Ihre Agentur und ihre Berater vor Ort" },
    en: { Titel: "Well advised, gladly recommended", Untertitel: "Your agency and its local agents" },
  },
  friday: { de: { Titel: "Sag's weiter", Untertitel: "Kfz, Haftpflicht, Hausrat: digital versichert" } },
};

function withBrandKeyVisual(content: Content, app: string, locale: Locale): Content {
  const brand = Object.keys(brandKeyVisuals).find((name) => app.startsWith(name));
  const caption = brand ? brandKeyVisuals[brand][locale] : undefined;
  return caption ? { ...content, keyVisuals: { ...content.keyVisuals, home: { ...content.keyVisuals.home, ...caption } } } : content;
}

/** The content a CMS app sees: each brand's key visual says its own words; friday's German texts say "du". */
export function cmsContentOf(app: string, locale: Locale): Content {
  const content = withBrandKeyVisual(cmsContent[locale], app, locale);
  if (!app.startsWith("friday") || locale !== "de") return content;
  return {
    ...content,
    blocks: { ...content.blocks, ...informalBlocksDe },
    faq: { allgemein: toFaq(faqDe.map(([question, answer]) => [question, informalFaqDe[question] ?? answer])) },
    footnotes: content.footnotes.map((note) => ({ ...note, Inhalt: note.Inhalt.replace("Ihrer Adresse", "deiner Adresse") })),
  };
}
