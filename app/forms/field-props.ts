// The attributes of a form and its controls, as conform's getFormProps, getInputProps, getSelectProps
// and getTextareaProps make them, from the metadata the recipient pages build out of the server's reply
// (server-form.ts: zod and conform's form state stay out of their JavaScript, docs/decisions/024).
/** The constraint attributes a field gets from its schema (conform's `getZodConstraint`). */
export type Constraints = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
};
export type FieldMeta = Constraints & {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
};
type FormMeta = {
  id: string;
  errorId: string;
  errors?: string[];
  noValidate?: boolean;
  onSubmit?: React.FormEventHandler<HTMLFormElement>;
};

// The attributes are added with Object.assign, not written after a spread: on Node 20 (V8 11.3) each key
// written after a spread costs about a microsecond, and a form page renders a dozen fields.

function describedBy(meta: { errorId: string; errors?: string[] }, extra?: string) {
  return meta.errors !== undefined ? `${meta.errorId} ${extra ?? ""}`.trim() : extra;
}

/**
 * A text field says it is required natively (the browser checks it, without JavaScript too). A select, checkbox or
 * radio says so with aria-required only: Chromium exposes one that is natively required and still empty as invalid
 * before anyone touched it, so a screen reader said "ungültig" on the first visit. The server checks them all.
 */
function controlProps(meta: FieldMeta, { ariaDescribedBy, native = true }: { ariaDescribedBy?: string; native?: boolean } = {}) {
  const required = meta.required || undefined;
  return {
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    required: native ? required : undefined,
    "aria-required": native ? undefined : required,
    "aria-invalid": meta.errors !== undefined || undefined,
    "aria-describedby": describedBy(meta, ariaDescribedBy),
  };
}

export function formProps(form: FormMeta) {
  return { id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate, "aria-describedby": describedBy(form) };
}

export function inputProps(meta: FieldMeta, { type, value, ariaDescribedBy }: { type: string; value?: string; ariaDescribedBy?: string }) {
  const { minLength, maxLength, min, max, step, pattern, multiple } = meta;
  const checkable = type === "checkbox" || type === "radio";
  const props = Object.assign(controlProps(meta, { ariaDescribedBy, native: !checkable }), {
    type,
    minLength,
    maxLength,
    min,
    max,
    step,
    pattern,
    multiple,
  });
  if (checkable) {
    const checkedValue = value ?? "on";
    return Object.assign(props, {
      value: checkedValue,
      defaultChecked: Array.isArray(meta.initialValue) ? meta.initialValue.includes(checkedValue) : meta.initialValue === checkedValue,
    });
  }
  return Object.assign(props, { defaultValue: typeof meta.initialValue === "string" ? meta.initialValue : undefined });
}

export function selectProps(meta: FieldMeta) {
  return Object.assign(controlProps(meta, { native: false }), {
    multiple: meta.multiple,
    defaultValue: meta.initialValue === undefined || meta.initialValue === null ? undefined : String(meta.initialValue),
  });
}

export function textareaProps(meta: FieldMeta) {
  const { minLength, maxLength } = meta;
  return Object.assign(controlProps(meta), {
    minLength,
    maxLength,
    defaultValue: meta.initialValue === undefined || meta.initialValue === null ? undefined : String(meta.initialValue),
  });
}
