import { Link, useMatches } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "./button";

const DELAY_MS = 15_000;
const SHOWN_KEY = "rp-exit-intent-shown";

export type ExitIntentHandle = { exitIntent?: boolean };

/** Whether it was shown in this session; a browser that denies storage gets it at most once per page. */
const shownMark = {
  get: () => {
    try {
      return sessionStorage.getItem(SHOWN_KEY) !== null;
    } catch {
      return false;
    }
  },
  set: () => {
    try {
      sessionStorage.setItem(SHOWN_KEY, "1");
    } catch {
      // Storage denied: the pop-up still shows only once on this page.
    }
  },
};

/**
 * The exit-intent pop-up: on pages that ask for it, armed after 15 seconds, shown once
 * per browser session when the pointer leaves the page through its top edge. JavaScript only.
 */
export function ExitIntent() {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [armed, setArmed] = useState(false);
  const wanted = useMatches().some((match) => (match.handle as ExitIntentHandle | undefined)?.exitIntent);

  useEffect(() => {
    if (!wanted || shownMark.get()) return;
    const timer = setTimeout(() => setArmed(true), DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);

  useEffect(() => {
    if (!armed) return;
    const onLeave = (event: MouseEvent) => {
      if (event.relatedTarget || event.clientY > 0 || shownMark.get() || dialog.current?.open) return;
      shownMark.set();
      setArmed(false);
      dialog.current?.showModal();
    };
    document.addEventListener("mouseout", onLeave);
    return () => document.removeEventListener("mouseout", onLeave);
  }, [armed]);

  if (!wanted) return null;
  return (
    <dialog ref={dialog} aria-labelledby="exit-intent-title" className="max-w-md rounded p-6 backdrop:bg-black/50">
      <h2 id="exit-intent-title" className="text-xl font-semibold">
        {t("exitIntent.headline")}
      </h2>
      <p className="mt-2">{t("exitIntent.message")}</p>
      <form method="dialog" className="mt-4 flex flex-wrap gap-2">
        <Link to="/empfehlen" onClick={() => dialog.current?.close()} className="btn btn-primary">
          {t("exitIntent.button")}
        </Link>
        <Button look="secondary">{t("exitIntent.close")}</Button>
      </form>
    </dialog>
  );
}
