import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "./button";
import { PortalForm } from "./portal-form";

export type LapseView = {
  /** What lapses: the data typed on the recipient's journey, or the reward link opened in this browser. */
  kind: "draft" | "reward";
  /** Seconds since the epoch. */
  at: number;
  date: string;
  time: string;
  /** The absolute limit: no "Mehr Zeit" moves it. */
  final: boolean;
};

/** How long before the lapse a page that runs JavaScript says it again, aloud. */
const WARN_BEFORE_MS = 5 * 60_000;

/**
 * When what the visitor has begun lapses, said before it does (WCAG 2.2.1, 2.2.6), and a way to keep going: "Mehr Zeit"
 * (a plain form post, so JavaScript is not needed). A page that runs JavaScript says it again five minutes before.
 */
export function LapseNotice({ lapse }: { lapse: LapseView }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const soon = useSoon(lapse.at * 1000 - WARN_BEFORE_MS);
  return (
    <div className="notice notice-info space-y-2">
      <p>{t(`lapse.${lapse.kind}`, { date: lapse.date, time: lapse.time })}</p>
      <p role="status">{soon ? t("lapse.soon", { time: lapse.time }) : ""}</p>
      {lapse.final ? (
        <p>{t(`lapse.final.${lapse.kind}`)}</p>
      ) : (
        <PortalForm method="post" action="/mehr-zeit">
          <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
          <Button look="secondary">{t("lapse.extend")}</Button>
        </PortalForm>
      )}
    </div>
  );
}

/** Whether the moment (ms since the epoch) has come: false in the server's render, then on time in the browser. */
function useSoon(moment: number) {
  const [soon, setSoon] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSoon(true), Math.max(0, moment - Date.now()));
    return () => clearTimeout(timer);
  }, [moment]);
  return soon;
}
