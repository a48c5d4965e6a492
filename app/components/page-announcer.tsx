import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";

/** Focus on the page's main heading, where a full page load would start a screen reader. */
export function focusMainHeading() {
  const heading = document.querySelector<HTMLElement>("main h1");
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/**
 * After a client-side navigation to another page, what a full page load would do for a screen reader
 * or keyboard user: focus on the new page's heading, and the page's title announced. A change of the
 * query or the hash alone (a filter, a jump to a section) keeps focus where it is. After a choice in
 * the cookie banner the page stays and the banner goes: focus moves to the heading instead of falling
 * to the page's body, and the choice is announced.
 */
export function PageAnnouncer({ consentAsked }: { consentAsked: boolean }) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState("");
  const previous = useRef(pathname);
  const asked = useRef(consentAsked);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    focusMainHeading();
    setAnnouncement(document.title);
  }, [pathname]);
  useEffect(() => {
    if (asked.current && !consentAsked) {
      focusMainHeading();
      setAnnouncement(t("notices.cookiesSaved"));
    }
    asked.current = consentAsked;
  }, [consentAsked, t]);
  return (
    // A live region without the status role: the page's own status messages stay the only ones.
    <p aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </p>
  );
}
