import { siFacebook, siGmail, siInstagram, siMessenger, siWhatsapp, siX, siXing } from "simple-icons";
import type { ShareChannel } from "#bff/legacy/contract";

// Simple Icons (CC0) where it has the brand; generic outlines where it has none (mail, SMS,
// LinkedIn: withdrawn from the set at its owner's request). Drawn inline: nothing is loaded from a third party.
const MAIL = "M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 3.2V17h16V8.2l-8 5.3Zm.6-1.2L12 11.9 19.4 7Z";
const CHAT = "M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm0 2v10h2v2l2.5-2H20V5Z";
const NETWORK =
  "M4 3h16a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm3 7v8h2.5v-8Zm1.25-4a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM11 10v8h2.5v-4.5c0-1.2.7-1.8 1.5-1.8s1.3.6 1.3 1.8V18h2.5v-5c0-2.3-1.3-3.2-3-3.2-1 0-1.9.5-2.3 1.2V10Z";

const ICONS: Record<ShareChannel, { path: string; colour: string }> = {
  Email: { path: MAIL, colour: "#334155" },
  Gmail: { path: siGmail.path, colour: `#${siGmail.hex}` },
  Outlook: { path: MAIL, colour: "#0f5fa8" },
  Yahoo: { path: MAIL, colour: "#5f01d1" },
  WhatsApp: { path: siWhatsapp.path, colour: "#128c4a" },
  Facebook: { path: siFacebook.path, colour: `#${siFacebook.hex}` },
  Twitter: { path: siX.path, colour: `#${siX.hex}` },
  LinkedIn: { path: NETWORK, colour: "#0a66c2" },
  Xing: { path: siXing.path, colour: `#${siXing.hex}` },
  Sms: { path: CHAT, colour: "#334155" },
  Messenger: { path: siMessenger.path, colour: `#${siMessenger.hex}` },
  Story: { path: siInstagram.path, colour: "#c2185b" },
};

/** A channel's mark beside its name: decorative, the name says which channel it is; `plain` takes the text's colour. */
export function ShareIcon({ channel, plain = false }: { channel: ShareChannel; plain?: boolean }) {
  const { path, colour } = ICONS[channel];
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="h-6 w-6 shrink-0" fill={plain ? "currentColor" : colour}>
      <path d={path} />
    </svg>
  );
}
