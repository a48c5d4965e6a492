import type { SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod/v4";
import { PortalForm } from "~/components/portal-form";
import { formProps } from "~/forms/field-props";
import { useServerForm } from "~/forms/server-form";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "./button";
import { FormErrors, SubmitButton, TextField } from "./form-field";
import { PageSection } from "./page-section";

type BankDataFormProps = {
  id: string;
  title: string;
  intro: string;
  constraint: ReturnType<typeof getZodConstraint>;
  germanOnly: boolean;
  lastResult?: SubmissionResult<string[]>;
  /** A note above the form, e.g. the masked IBAN on file. */
  note?: string;
  /** What comes before the intro (the recipient's stepper). */
  lead?: React.ReactNode;
  /** Further actions below the form (deleting the stored bank data). */
  children?: React.ReactNode;
  /** The label of a second button that goes on without bank data (`intent=later`), where they are optional. */
  later?: string;
};

/** IBAN and account holder, for the recipient's and the recommender's bank data. */
export function BankDataForm({ id, title, intro, constraint, germanOnly, lastResult, note, children, later, lead }: BankDataFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useServerForm<{ iban: string; kontoinhaber: string }>({ id, lastResult, constraint });
  return (
    <PageSection id={id} title={title} width="xl">
      {lead}
      <p>{intro}</p>
      {note ? <p>{note}</p> : null}
      <PortalForm method="post" {...formProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <TextField
          label={`${t("recipient.iban")} *`}
          meta={fields.iban}
          autoComplete="off"
          hint={germanOnly ? `${t("recipient.ibanHint")} ${t("recipient.bankGermanOnly")}` : t("recipient.ibanHint")}
        />
        <TextField
          label={`${t("recipient.kontoinhaber")} *`}
          meta={fields.kontoinhaber}
          autoComplete="name"
          hint={t("recipient.kontoinhaberHint")}
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton>{t("recipient.bankSubmit")}</SubmitButton>
          {later ? (
            // No checks for this one: the browser would otherwise refuse it with empty fields.
            <Button look="secondary" name="intent" value="later" formNoValidate>
              {later}
            </Button>
          ) : null}
        </div>
      </PortalForm>
      {children}
    </PageSection>
  );
}
