import { Form as RemixForm, type FormProps, useRouteLoaderData } from "@remix-run/react";
import { forwardRef } from "react";
import { HONEYPOT_FIELD } from "#bff/core/honeypot";
import { useTranslation } from "~/i18n/use-translation";

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

/** Remix's Form with the frame's synchronizer token and the honeypot in every post. */
export const Form = forwardRef<HTMLFormElement, FormProps>(function PortalForm({ children, ...props }, ref) {
  const posts = Boolean(props.method && props.method.toLowerCase() !== "get");
  return (
    <RemixForm ref={ref} {...props}>
      {posts ? <FormTokenField /> : null}
      {posts ? <HoneypotField /> : null}
      {children}
    </RemixForm>
  );
});
