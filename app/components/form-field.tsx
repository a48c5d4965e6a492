import { useNavigation } from "@remix-run/react";
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { type FieldMeta, inputProps, selectProps, textareaProps } from "~/forms/field-props";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "./button";

type TextFieldProps = {
  label: string;
  meta: FieldMeta;
  type?: "text" | "email" | "tel" | "password";
  autoComplete?: string;
  hint?: string;
  /** The phone's keyboard: `numeric` for digits only (a postcode). */
  inputMode?: "numeric";
};

/** A labelled input with its error next to it, tied by aria-describedby. */
export function TextField({ label, meta, type = "text", autoComplete, hint, inputMode }: TextFieldProps) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  // Attributes added to the props, not written after their spread (app/forms/field-props.ts says why).
  const input = Object.assign(inputProps(meta, { type, ariaDescribedBy: hintId }), { autoComplete, inputMode, className: "field" });
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={meta.id} className="font-medium">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <input {...input} />
      <FieldError meta={meta} />
    </div>
  );
}

const ALERT_LOOK = "rounded border border-red-700 bg-red-50 p-3 text-red-800";

const noSubscription = () => () => {};

/** A page's one autofocus, claimed by the first form message rendered (HTML allows one per page). */
const AutofocusClaim = createContext<{ taken: boolean } | null>(null);

export function AutofocusScope({ children }: { children: React.ReactNode }) {
  const [claim] = useState(() => ({ taken: false }));
  return <AutofocusClaim.Provider value={claim}>{children}</AutofocusClaim.Provider>;
}

/**
 * Whether a form's message takes the focus as the page loads: in the page the server renders (and its hydration),
 * so that without JavaScript the page after a failed post starts at its message (the browser focuses an autofocus
 * element on load, as GOV.UK's error summary does); only the page's first message. Once the page runs, the form
 * moves the focus itself.
 */
function useFocusedOnLoad(shown = true) {
  const loading = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const claim = useContext(AutofocusClaim);
  const mine = useRef<boolean | null>(null);
  if (mine.current === null) {
    mine.current = shown && loading && claim !== null && !claim.taken;
    if (mine.current) claim!.taken = true;
  }
  return loading && mine.current;
}

/**
 * A form-level message (an upstream failure, a refused login), announced to screen readers. With
 * JavaScript the page stays after a failed post, so focus moves to the message, as it would on the
 * page a browser loads anew without it.
 */
export function FormMessage({ id, errors }: { id: string; errors?: string[] }) {
  const onLoad = useFocusedOnLoad(Boolean(errors?.length));
  const message = useRef<HTMLParagraphElement>(null);
  const busy = useNavigation().state !== "idle";
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (errors?.length) message.current?.focus();
  }, [errors]);
  // The same message again after another post: conform keeps its array, so the end of the post says it.
  useEffect(() => {
    if (wasBusy.current && !busy && errors?.length) message.current?.focus();
    wasBusy.current = busy;
  }, [busy, errors]);
  if (!errors?.length) return null;
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- see useFocusedOnLoad: shown only after a failed submit
    <p ref={message} id={id} role="alert" tabIndex={-1} autoFocus={onLoad} className={ALERT_LOOK}>
      {errors.join(" ")}
    </p>
  );
}

/** What FormErrors reads of a form: conform's FormMetadata, or the server form's (app/forms/server-form.ts). */
type FormErrorsMeta = { id: string; errorId: string; errors?: string[]; allErrors?: Record<string, string[] | null | undefined> };

/**
 * A form's messages at its top: the form-level one (an upstream failure); else, where fields are in
 * error, how many and a link to the first, announced (each field's message stands next to it).
 */
export function FormErrors({ form }: { form: FormErrorsMeta }) {
  if (form.errors?.length) return <FormMessage id={form.errorId} errors={form.errors} />;
  const invalid = Object.entries(form.allErrors ?? {})
    .filter(([name, errors]) => name !== "" && errors?.length)
    .map(([name]) => name);
  if (invalid.length === 0) return null;
  return <FieldErrorsSummary id={form.errorId} first={`${form.id}-${invalid[0]}`} count={invalid.length} />;
}

/** How many fields are in error, with a link to the first; it claims the page's autofocus only when shown. */
function FieldErrorsSummary({ id, first, count }: { id: string; first: string; count: number }) {
  const { t } = useTranslation();
  const onLoad = useFocusedOnLoad();
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- see useFocusedOnLoad: shown only after a failed submit
    <p id={id} role="alert" tabIndex={-1} autoFocus={onLoad} className={ALERT_LOOK}>
      {t("form.checkFields", { count })}{" "}
      <a href={`#${first}`} className="underline">
        {t("form.toFirstField")}
      </a>
    </p>
  );
}

type SelectFieldProps = {
  label: string;
  meta: FieldMeta;
  placeholder: string;
  options: { value: string; label: string }[];
  autoComplete?: string;
};

export function SelectField({ label, meta, placeholder, options, autoComplete }: SelectFieldProps) {
  const select = Object.assign(selectProps(meta), { autoComplete, className: "field" });
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={meta.id} className="font-medium">
        {label}
      </label>
      <select {...select}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError meta={meta} />
    </div>
  );
}

export function CheckboxField({ label, meta }: { label: React.ReactNode; meta: FieldMeta }) {
  const input = Object.assign(inputProps(meta, { type: "checkbox" }), { className: "mt-1 h-5 w-5" });
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input {...input} />
        <label htmlFor={meta.id}>{label}</label>
      </div>
      <FieldError meta={meta} />
    </div>
  );
}

/** A field's messages, with the id its input's aria-describedby points at. */
export function FieldError({ meta }: { meta: FieldMeta }) {
  return meta.errors?.length ? (
    <p id={meta.errorId} className="text-sm text-red-800">
      {meta.errors.join(" ")}
    </p>
  ) : null;
}

/** A form's main button. */
export function SubmitButton({ children, name, value }: { children: React.ReactNode; name?: string; value?: string }) {
  return (
    <Button name={name} value={value}>
      {children}
    </Button>
  );
}

/** A confirmation after a form did its work, announced politely. */
export function SuccessMessage({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" className="notice notice-success">
      {children}
    </div>
  );
}

/** The backend's captcha question (a small sum): plain text, so it works without JavaScript and scripts of others. */
export function CaptchaField({ captcha, meta }: { captcha: { id: string; question: string }; meta: FieldMeta }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      <input type="hidden" name="captchaId" value={captcha.id} />
      <TextField label={t("recommend.captchaLabel", { question: captcha.question })} meta={meta} autoComplete="off" />
    </div>
  );
}

export function TextAreaField({ label, meta, rows = 6 }: { label: string; meta: FieldMeta; rows?: number }) {
  const textarea = Object.assign(textareaProps(meta), { rows, className: "field" });
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={meta.id} className="font-medium">
        {label}
      </label>
      <textarea {...textarea} />
      <FieldError meta={meta} />
    </div>
  );
}
