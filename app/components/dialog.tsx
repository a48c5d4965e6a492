import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";

type DialogProps = {
  title: string;
  /** Where closing goes: the same page without the query that opened the dialog. */
  closeTo: string;
  closeLabel: string;
  children: React.ReactNode;
};

/**
 * A dialog opened by a link, its state in the URL (`?loeschen=1`), so it works without JavaScript:
 * the page is rendered with it open, in the flow, the question announced. With JavaScript it is
 * modal: the page behind it inert, focus inside, Escape or the close link go back to `closeTo`.
 */
export function Dialog({ title, closeTo, closeLabel, children }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const navigate = useNavigate();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.matches(":modal")) {
      element.close();
      element.showModal();
    }
    const closeOnEscape = (event: Event) => {
      event.preventDefault();
      navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    element.addEventListener("cancel", closeOnEscape);
    return () => element.removeEventListener("cancel", closeOnEscape);
  }, [closeTo, navigate]);
  return (
    <dialog ref={dialog} open aria-labelledby={titleId} className="dialog">
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-2 space-y-4">{children}</div>
      <p className="mt-4">
        <Link to={closeTo} replace preventScrollReset className="btn btn-quiet">
          {closeLabel}
        </Link>
      </p>
    </dialog>
  );
}
