import { Fragment, useEffect, useMemo, useState } from "react";
import type { ShareAction } from "#bff/for-recommenders/share-channels.server";
import { ShareIcon } from "~/components/share-icon";
import { type ShareMessageEditing, ShareMessageEditor } from "~/components/share-message-editor";
import { useTranslation } from "~/i18n/use-translation";
import { useTrackGoal } from "~/tracking";

type ShareCardProps = {
  product: string;
  link: string;
  /** `text` for the phone's share sheet (it adds the link), `preview` as the friend receives it. */
  message: { subject: string; text: string; preview: string };
  actions: ShareAction[];
  qrSvg: string;
  editor: ShareMessageEditing;
  children?: React.ReactNode;
};

/** The phone's own share sheet, once hydrated on a browser that has one (Web Share API). */
function useNativeShare() {
  const [native, setNative] = useState<"unknown" | "none" | "available">("unknown");
  useEffect(() => setNative(typeof navigator.share === "function" ? "available" : "none"), []);
  return native;
}

/** Each channel's link with the message as it is being edited: its encoded text is in the link once, where the server put it. */
function withText(actions: ShareAction[], built: string, edited: string) {
  if (edited === built) return actions;
  const [from, to] = [encodeURIComponent(built), encodeURIComponent(edited)];
  return actions.map((action) => ({ ...action, href: action.href.replace(from, to) }));
}

/** A web service's share page opens in a new tab; mail and SMS open their app. */
function openedInTab(action: ShareAction) {
  return action.href.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {};
}

/**
 * Sharing in one card: the link with a copy button, one main action (the share sheet where the phone
 * has one, else WhatsApp), the other channels with their marks, then QR code and story picture.
 * Without JavaScript every channel is a plain link and the link is selectable text in a field.
 */
export function ShareCard({ product, link, message, actions: built, qrSvg, editor, children }: ShareCardProps) {
  const { t } = useTranslation();
  const trackGoal = useTrackGoal();
  const native = useNativeShare();
  const [copied, setCopied] = useState(false);
  const [text, setText] = useState(message.text);
  useEffect(() => setText(message.text), [message.text]);
  const actions = useMemo(() => withText(built, message.text, text), [built, message.text, text]);
  const whatsApp = native === "available" ? undefined : actions.find((action) => action.channel === "WhatsApp");
  const story = actions.find((action) => action.channel === "Story");
  const channels = actions.filter((action) => action !== whatsApp && action !== story);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      trackGoal("linkCopied");
    } catch {
      // The browser refused the clipboard (no permission, not a secure page): the link is selected, to copy by hand.
      (document.getElementById("share-link") as HTMLTextAreaElement | null)?.select();
    }
  }

  async function share() {
    try {
      await navigator.share({ title: message.subject, text, url: link });
    } catch {
      // The person closed the share sheet: nothing to do.
    }
  }

  return (
    // Two columns on a wide screen: what is shared on the left, the ways to share it on the right.
    <div className="card max-w-xl space-y-6 lg:grid lg:max-w-none lg:grid-cols-[3fr_2fr] lg:gap-x-10 lg:space-y-0">
      <div className="space-y-6">
        {children}
        <div className="space-y-2">
          <h2 className="font-medium">{t("share.linkLabel", { product })}</h2>
          <div className="flex flex-wrap items-start gap-2 md:flex-nowrap">
            {/* The link breaks only after a slash, never inside the host or the number (a box too narrow for one scrolls); one tap selects it all. */}
            <p
              id="share-link"
              className="field min-w-0 flex-1 basis-56 select-all overflow-x-auto px-2 font-mono text-xs md:px-3 md:text-sm"
            >
              <LinkWithBreaks link={link} />
            </p>
            {native === "unknown" ? null : (
              <button type="button" onClick={() => void copy()} className="btn btn-secondary shrink-0">
                {t("share.copy")}
              </button>
            )}
          </div>
          {native === "unknown" ? null : (
            <p role="status" className="text-sm text-green-800">
              {copied ? t("share.copied") : ""}
            </p>
          )}
        </div>
        <figure className="space-y-2">
          <figcaption className="font-medium">{t("share.previewTitle")}</figcaption>
          <blockquote className="whitespace-pre-line rounded-lg rounded-tl-none bg-slate-100 p-3 text-sm [overflow-wrap:anywhere]">
            {text === message.text ? message.preview : `${text} ${link}`}
          </blockquote>
        </figure>
        <ShareMessageEditor {...editor} text={message.text} onEdit={setText} />
      </div>
      <div className="space-y-6">
        {native === "available" ? (
          <button type="button" onClick={() => void share()} className="btn btn-primary w-full text-lg">
            {t("share.native")}
          </button>
        ) : whatsApp ? (
          <a
            href={whatsApp.href}
            className="btn btn-primary w-full text-lg"
            onClick={() => trackGoal("shareWhatsApp")}
            {...openedInTab(whatsApp)}
          >
            <ShareIcon channel="WhatsApp" plain />
            {t("share.viaWhatsApp")}
          </a>
        ) : null}
        {channels.length > 0 ? (
          // The few channels most people use lead; the rest are one tap away, without JavaScript too.
          <details className="group space-y-3">
            <summary className="btn btn-secondary w-full cursor-pointer">
              {t(whatsApp || native === "available" ? "share.moreChannels" : "share.channelsOnly")}
            </summary>
            <ul
              aria-label={t("share.moreChannels")}
              className="mt-3 grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-2"
            >
              {channels.map((action) => (
                <li key={action.channel}>
                  <a
                    href={action.href}
                    className="flex min-h-12 items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 font-medium hover:border-brand-ink hover:bg-slate-50"
                    onClick={() => trackGoal(`share${action.channel}`)}
                    {...openedInTab(action)}
                  >
                    <ShareIcon channel={action.channel} />
                    {t(`share.channels.${action.channel}`)}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        <div className="flex flex-wrap items-start gap-x-6 gap-y-3 border-t border-slate-200 pt-4">
          <details className="group">
            <summary className="btn btn-quiet cursor-pointer">{t("share.qrShow")}</summary>
            <div role="img" aria-label={t("share.qrAlt", { link })} className="mt-2 w-48" dangerouslySetInnerHTML={{ __html: qrSvg }} />
          </details>
          {story ? (
            <a href={story.href} download="" className="btn btn-quiet" onClick={() => trackGoal("shareStory")}>
              <ShareIcon channel="Story" plain />
              {t("share.channels.Story")}
            </a>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** A link with break opportunities after each slash, and none inside a part: a host or a number split across lines misreads. */
function LinkWithBreaks({ link }: { link: string }) {
  const parts = link.split(/(?<=[^/]\/)(?!\/)/);
  // The break opportunity stands between the parts: inside one that does not wrap it would not count.
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      <span className="whitespace-nowrap">{part}</span>
    </Fragment>
  ));
}
