import type { SubmissionResult } from "@conform-to/react";
import { Button } from "~/components/button";
import { FieldError } from "~/components/form-field";
import { PortalForm } from "~/components/portal-form";
import { formProps, textareaProps } from "~/forms/field-props";
import { useServerForm } from "~/forms/server-form";
import { useTranslation } from "~/i18n/use-translation";

export type ShareMessageEditing = { max: number; lastResult?: SubmissionResult<string[]>; applied: boolean };

type EditorProps = ShareMessageEditing & { text: string; onEdit: (text: string) => void };

/**
 * The message the recommender shares, in their own words: with JavaScript every keystroke reaches the
 * share sheet and each channel's link; without it, "Nachricht übernehmen" rebuilds them on the server.
 * Plain text of limited length; the portal adds the link.
 */
export function ShareMessageEditor({ text, max, lastResult, applied, onEdit }: EditorProps) {
  const { t } = useTranslation();
  const [form, fields] = useServerForm<{ intent: string; nachricht: string }>({
    id: "share-message",
    lastResult,
    constraint: { nachricht: { required: true, maxLength: max } },
    defaultValue: { nachricht: text },
  });
  const meta = fields.nachricht;
  const textarea = textareaProps(meta);
  return (
    <details className="group" open={Boolean(lastResult)}>
      <summary className="btn btn-quiet cursor-pointer">{t("share.messageEdit")}</summary>
      <PortalForm method="post" {...formProps(form)} className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="message" />
        <label htmlFor={meta.id} className="block font-medium">
          {t("share.messageLabel")}
        </label>
        <p id={meta.descriptionId} className="text-sm text-slate-700">
          {t("share.messageHint")}
        </p>
        <textarea
          {...textarea}
          aria-describedby={`${meta.descriptionId} ${textarea["aria-describedby"] ?? ""}`.trim()}
          rows={4}
          className="field w-full"
          onChange={(event) => onEdit(event.target.value)}
        />
        <FieldError meta={meta} />
        {applied ? (
          <p role="status" className="text-sm text-green-800">
            {t("share.messageApplied")}
          </p>
        ) : null}
        <Button look="secondary">{t("share.messageApply")}</Button>
      </PortalForm>
    </details>
  );
}
