// Form and field metadata for conform's prop helpers (getFormProps, getInputProps, …), made from
// the server's reply alone. On the recipient pages the server validates every post (JavaScript
// off and on alike) and the browser checks the constraint attributes natively; conform's useForm
// and its client-side form state (10 KB gzip) stay off these pages to keep them within their
// JavaScript budget (docs/decisions/024). Ids follow conform's: `form-field`, `…-error`.
import type { FieldMetadata, FormMetadata, SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { Constraints } from "./field-props";

type Options<Schema> = {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  constraint?: Record<string, Constraints>;
  defaultValue?: Partial<Record<keyof Schema, string>>;
};

type Fields<Schema> = { [Name in keyof Schema]: FieldMetadata<Schema[Name]> };

function errorsOf(lastResult: Options<unknown>["lastResult"], name: string) {
  const errors = lastResult?.error?.[name];
  return errors?.length ? errors : undefined;
}

export function useServerForm<Schema extends Record<string, unknown>>({
  id,
  lastResult,
  constraint = {},
  defaultValue = {},
}: Options<Schema>): [FormMetadata<Schema>, Fields<Schema>] {
  // The constraints stay in the HTML for a browser without JavaScript; once hydrated, the server's
  // messages in the page's language replace the browser's bubbles (as conform's useForm does).
  const [noValidate, setNoValidate] = useState(false);
  useEffect(() => setNoValidate(true), []);
  // As conform does after a reply: the first field with an error gets the focus.
  useEffect(() => {
    if (lastResult?.error) document.getElementById(id)?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [id, lastResult]);

  const field = (name: string) => {
    const errors = errorsOf(lastResult, name);
    const initialValue = lastResult?.initialValue?.[name] ?? (defaultValue as Record<string, string | undefined>)[name];
    const fieldId = `${id}-${name}`;
    // The constraints spread last: on Node 20 every key written after a spread costs about a microsecond.
    return {
      id: fieldId,
      name,
      formId: id,
      errorId: `${fieldId}-error`,
      descriptionId: `${fieldId}-description`,
      initialValue,
      errors,
      valid: !errors,
      ...constraint[name],
    };
  };
  const fields = new Proxy({} as Fields<Schema>, { get: (_target, name) => (typeof name === "string" ? field(name) : undefined) });
  const formErrors = errorsOf(lastResult, "");
  const form = {
    id,
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    errors: formErrors,
    allErrors: lastResult?.error ?? {},
    valid: !formErrors,
    noValidate,
  };
  return [form as unknown as FormMetadata<Schema>, fields];
}
