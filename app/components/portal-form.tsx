import { Form as RemixForm, type FormProps, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { forwardRef, useEffect, useState } from "react";
import { HONEYPOT_FIELD } from "#bff/platform/honeypot";
import { useTranslation } from "~/i18n/use-translation";
import { FormPendingContext } from "./button";

/** The synchronizer token every post carries: checked at login, and for every form inside an integrated frame (docs/security.md). */
export function FormTokenField() {
  const token = (useRouteLoaderData("root") as { formToken?: string | null } | undefined)?.formToken;
  return token ? <input type="hidden" name="formToken" value={token} /> : null;
}

/**
 * A field people never see or reach (off screen, out of the tab order, hidden from screen readers) that
 * form-filling bots fill: a post with it filled is refused (docs/security.md: public forms carry a honeypot).
 */
function HoneypotField() {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {t("leaveEmpty")}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * Whether this form is being sent: from its submit (one the form's own checks let through) until
 * the navigation it started has ended, whatever the outcome.
 */
function usePending(onSubmit: FormProps["onSubmit"]) {
  const [sending, setSending] = useState({ pending: false, submitter: null as Element | null });
  const { state } = useNavigation();
  useEffect(() => {
    if (state === "idle") setSending({ pending: false, submitter: null });
  }, [state]);
  const submitted: FormProps["onSubmit"] = (event) => {
    onSubmit?.(event);
    const { submitter } = event.nativeEvent as SubmitEvent;
    if (!event.defaultPrevented) setSending({ pending: true, submitter });
  };
  return { sending, submitted };
}

/** Remix's Form with the frame's synchronizer token and the honeypot in every post, and its buttons' pending state. */
export const PortalForm = forwardRef<HTMLFormElement, FormProps>(function PortalForm({ children, onSubmit, ...props }, ref) {
  const posts = Boolean(props.method && props.method.toLowerCase() !== "get");
  const { sending, submitted } = usePending(onSubmit);
  return (
    <RemixForm ref={ref} onSubmit={submitted} aria-busy={sending.pending || undefined} {...props}>
      {posts ? <FormTokenField /> : null}
      {posts ? <HoneypotField /> : null}
      <FormPendingContext.Provider value={sending}>{children}</FormPendingContext.Provider>
    </RemixForm>
  );
});
