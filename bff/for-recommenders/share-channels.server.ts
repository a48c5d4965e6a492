// The share actions of a recommendation: one per channel the tenant enables, in
// its sort position (-1 hides it). Each is a plain link, so sharing works without JavaScript;
// the link carries the channel so the recipient's visit is counted for it.
import { type ShareChannel, shareChannels, type TenantConfig } from "../legacy/contract";

export type ShareAction = { channel: ShareChannel; href: string };

/** The value of `?channel=` for each share channel (kept in the recipient's channel cookie). */
const channelParam: Record<ShareChannel, string> = {
  Email: "mail",
  Gmail: "gmail",
  Outlook: "outlook",
  Yahoo: "yahoo",
  WhatsApp: "whatsapp",
  Facebook: "facebook",
  Twitter: "twitter",
  LinkedIn: "linkedin",
  Xing: "xing",
  Sms: "sms",
  Messenger: "messenger",
  Story: "story",
};

type Message = { subject: string; text: (url: string) => string };

function withChannel(link: string, channel: ShareChannel) {
  const url = new URL(link);
  url.searchParams.set("channel", channelParam[channel]);
  return url.toString();
}

function hrefFor(channel: ShareChannel, url: string, message: Message, facebookId: string | null | undefined, storyImage: string) {
  const e = encodeURIComponent;
  const subject = e(message.subject);
  const body = e(message.text(url));
  switch (channel) {
    case "Email":
      return `mailto:?subject=${subject}&body=${body}`;
    case "Gmail":
      return `https://mail.google.com/mail/?view=cm&fs=1&su=${subject}&body=${body}`;
    case "Outlook":
      return `https://outlook.live.com/mail/0/deeplink/compose?subject=${subject}&body=${body}`;
    case "Yahoo":
      return `https://compose.mail.yahoo.com/?subject=${subject}&body=${body}`;
    case "WhatsApp":
      return `https://wa.me/?text=${body}`;
    case "Facebook":
      return facebookId
        ? `https://www.facebook.com/dialog/share?app_id=${e(facebookId)}&display=page&href=${e(url)}`
        : `https://www.facebook.com/sharer/sharer.php?u=${e(url)}`;
    case "Twitter":
      return `https://twitter.com/intent/tweet?text=${e(message.subject)}&url=${e(url)}`;
    case "LinkedIn":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${e(url)}`;
    case "Xing":
      return `https://www.xing.com/spi/shares/new?url=${e(url)}`;
    case "Sms":
      return `sms:?&body=${body}`;
    case "Messenger":
      return facebookId
        ? `https://www.facebook.com/dialog/send?app_id=${e(facebookId)}&link=${e(url)}&redirect_uri=${e(url)}`
        : `fb-messenger://share/?link=${e(url)}`;
    case "Story":
      return storyImage;
  }
}

/** The enabled channels in their sort position, each with its link (the story: an image to post). */
export function shareActions(config: TenantConfig, link: string, message: Message, storyImage: string): ShareAction[] {
  return shareChannels
    .map((channel) => ({ channel, position: config[`Module${channel}`] }))
    .filter(({ position }) => position >= 0)
    .sort((a, b) => a.position - b.position)
    .map(({ channel }) => ({ channel, href: hrefFor(channel, withChannel(link, channel), message, config.FacebookId, storyImage) }));
}
