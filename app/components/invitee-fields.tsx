import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/use-translation";
import { TextField } from "./form-field";

/** Who is invited: first name, last name and e-mail, each required. */
export function InviteeFields({
  fields,
}: {
  fields: { vorname: FieldMetadata<string>; nachname: FieldMetadata<string>; email: FieldMetadata<string> };
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField label={`${t("agency.invitation.vorname")} *`} meta={fields.vorname} autoComplete="off" />
      <TextField label={`${t("agency.invitation.nachname")} *`} meta={fields.nachname} autoComplete="off" />
      <TextField label={`${t("agency.invitation.email")} *`} meta={fields.email} type="email" autoComplete="off" />
    </>
  );
}
