import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

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
 * query or the hash alone (a filter, a jump to a section) keeps focus where it is.
 */
export function PageAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState("");
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    focusMainHeading();
    setAnnouncement(document.title);
  }, [pathname]);
  return (
    // A live region without the status role: the page's own status messages stay the only ones.
    <p aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </p>
  );
}
