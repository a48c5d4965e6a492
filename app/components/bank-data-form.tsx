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

/**
 * IBAN and account holder, for the recipient's and the recommender's bank data. From 1024 px a side panel beside the
 * form says what the bank data are for and how they are kept; on a phone it follows the form.
 */
export function BankDataForm({ id, title, intro, constraint, germanOnly, lastResult, note, children, later, lead }: BankDataFormProps) {
  const [form, fields] = useServerForm<{ iban: string; kontoinhaber: string }>({ id, lastResult, constraint });
  return (
    <PageSection id={id} title={title} width="3xl">
      {lead}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="space-y-4">
          <p>{intro}</p>
          {note ? <p>{note}</p> : null}
          <BankForm form={form} fields={fields} germanOnly={germanOnly} later={later} />
          {children}
        </div>
        <BankDataAside />
      </div>
    </PageSection>
  );
}

type BankFormState = ReturnType<typeof useServerForm<{ iban: string; kontoinhaber: string }>>;

function BankForm({
  form,
  fields,
  germanOnly,
  later,
}: {
  form: BankFormState[0];
  fields: BankFormState[1];
  germanOnly: boolean;
  later?: string;
}) {
  const { t } = useTranslation();
  return (
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
  );
}

/** What the bank data are for, how they are kept, and what happens next. */
function BankDataAside() {
  const { t } = useTranslation();
  return (
    <aside aria-labelledby="bank-aside-title" className="h-fit rounded-lg bg-slate-100 p-4">
      <h2 id="bank-aside-title" className="font-semibold">
        {t("bankAside.title")}
      </h2>
      <ul className="mt-2 space-y-3">
        {(["why", "kept", "next"] as const).map((point) => (
          <li key={point}>{t(`bankAside.${point}`)}</li>
        ))}
      </ul>
    </aside>
  );
}
