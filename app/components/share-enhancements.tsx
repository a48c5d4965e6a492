import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useTrackGoal } from "~/tracking";

/**
 * With JavaScript on: a copy button, and the phone's own share sheet where it has one (Web Share
 * API). Rendered only after hydration, so a page without JavaScript shows no dead buttons.
 */
export function ShareEnhancements({ link, title, text }: { link: string; title: string; text: string }) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const [canShare, setCanShare] = useState(false);
  const [copied, setCopied] = useState(false);
  const trackGoal = useTrackGoal();
  useEffect(() => {
    setReady(true);
    setCanShare(typeof navigator.share === "function");
  }, []);
  if (!ready) return null;

  async function copy() {
    await navigator.clipboard.writeText(link);
    setCopied(true);
    trackGoal("linkCopied");
  }

  async function share() {
    try {
      await navigator.share({ title, text, url: link });
    } catch {
      // The person closed the share sheet: nothing to do.
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" onClick={copy} className="rounded border border-brand-ink px-4 py-2">
        {t("share.copy")}
      </button>
      {canShare ? (
        <button type="button" onClick={share} className="btn btn-primary">
          {t("share.native")}
        </button>
      ) : null}
      <span role="status">{copied ? t("share.copied") : ""}</span>
    </div>
  );
}
