import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Link } from "@remix-run/react";
import type { MailLinkState } from "#bff/for-recommenders/password-flow.server";
import { PortalForm } from "~/components/portal-form";
import { useTranslation } from "~/i18n/use-translation";
import { FormErrors, SubmitButton, TextField } from "./form-field";

type SetPasswordFormProps = {
  id: string;
  link: MailLinkState;
  hint: string;
  constraint: Record<string, unknown>;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
};

/** A new password typed twice, for a page opened from a mailed link; without a valid link, the way to a new one. */
export function SetPasswordForm({ id, link, hint, constraint, lastResult, submitLabel }: SetPasswordFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm<{ password: string; passwordRepeat: string }>({ id, lastResult, constraint: constraint as never });
  if (link !== "valid") {
    return (
      <div className="space-y-2">
        <p role="alert" className="rounded border border-amber-600 bg-amber-50 p-3">
          {link === "expired" ? t("errors:linkExpired") : t("password.useMailLink")}
        </p>
        <Link to="/passwortvergessen" className="text-brand-ink underline">
          {t("password.requestNewLink")}
        </Link>
      </div>
    );
  }
  return (
    <PortalForm method="post" {...getFormProps(form)} className="space-y-4">
      <FormErrors form={form} />
      <TextField label={t("password.new")} meta={fields.password} type="password" autoComplete="new-password" hint={hint} />
      <TextField label={t("password.repeat")} meta={fields.passwordRepeat} type="password" autoComplete="new-password" />
      <SubmitButton name="intent" value="set-password">
        {submitLabel}
      </SubmitButton>
    </PortalForm>
  );
}
