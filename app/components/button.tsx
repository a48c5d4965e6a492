import { createContext, useContext, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";

/** Whether the form around is being sent, and by which button (set by the portal's form, app/components/portal-form.tsx). */
export const FormPendingContext = createContext<{ pending: boolean; submitter: Element | null }>({ pending: false, submitter: null });

/** Whole class names, so that Tailwind finds them in the source. */
const LOOKS = { primary: "btn btn-primary", secondary: "btn btn-secondary", quiet: "btn btn-quiet" } as const;

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { look?: keyof typeof LOOKS };

/**
 * The portal's button. While its form is being sent, its submit buttons are disabled against a second
 * tap, and the one that sent it says it is busy and carries `aria-busy`; with JavaScript off the
 * browser shows its own progress instead.
 */
export function Button({ look = "primary", type = "submit", className = "", children, disabled, ...props }: ButtonProps) {
  const { t } = useTranslation();
  const own = useRef<HTMLButtonElement>(null);
  const form = useContext(FormPendingContext);
  const waiting = form.pending && type === "submit";
  const pending = waiting && (form.submitter === null || form.submitter === own.current);
  return (
    <button
      ref={own}
      type={type}
      disabled={disabled || waiting}
      aria-busy={pending || undefined}
      className={`${LOOKS[look]} ${className}`.trim()}
      {...props}
    >
      {pending ? (
        <>
          <span aria-hidden="true" className="spinner" />
          {t("form.busy")}
        </>
      ) : (
        children
      )}
    </button>
  );
}
