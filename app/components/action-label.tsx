import { withoutSoftHyphens } from "./hyphenated-text";

/**
 * A control's visible words first, then what it acts on for screen readers only, so that a person
 * using voice control can say what they see (WCAG 2.5.3) and a screen reader still hears which one.
 */
export function ActionLabel({ action, subject }: { action: string; subject: string }) {
  // A dash set off by spaces: browsers name an out-of-flow (sr-only) part with a space before it.
  return (
    <>
      {action}
      <span className="sr-only"> – {withoutSoftHyphens(subject)}</span>
    </>
  );
}
