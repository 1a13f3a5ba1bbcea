/**
 * Building blocks for the site's forms: labelled fields with their messages,
 * the error summary, the status and alert regions, the submit button and the
 * validation hook. Client-safe: validation uses the shared zod/mini schemas.
 *
 * Conventions:
 * - every field's id is `${formId}-${name}` (radios: `${formId}-${name}-${value}`),
 *   so several forms can share a page;
 * - a field's message sits under it, with the id `${fieldId}-error`, linked
 *   with aria-describedby, and the field carries aria-invalid;
 * - required fields show an asterisk (hidden from screen readers, which hear
 *   the `required` attribute instead).
 */
import { LoaderCircle } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode, type RefObject } from "react";
import type { FieldErrors, ValidationKind, validate } from "~/leads/validation.ts";
import type { Tone } from "./tone.ts";
import { useTypedTextDefault } from "./typed-text.ts";

export function fieldId(formId: string, name: string): string {
  return `${formId}-${name}`;
}

export function errorId(id: string): string {
  return `${id}-error`;
}

const controlBase =
  "field-control block w-full rounded-md border bg-white px-3 py-2.5 text-base text-ink placeholder:text-slate-500 focus-visible:border-navy-800";
const controlValid = "border-slate-500";
/** Its ring in error is .field-control's (app.css), drawn by aria-invalid. */
const controlInvalid = "border-red-700";

/**
 * A text input's or a select's classes: the site's form control, its border
 * red in error, and `extra` (layout: a margin, a minimum height) after them.
 */
export function controlClass(error: string | undefined, extra = ""): string {
  return `${controlBase} ${error ? controlInvalid : controlValid} ${extra}`.trim();
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

/** The asterisk of a required field: seen, not heard (the field says "required"). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}

/** The line that explains the asterisks, at the top of a form. */
export function RequiredNote({ className = "" }: { className?: string }) {
  return <p className={`text-sm text-slate-700 ${className}`}>Fields marked with an asterisk (*) are required.</p>;
}

function FieldLabel({
  htmlFor,
  label,
  required,
  hidden,
  tone = "light",
  marks = "required",
}: {
  htmlFor: string;
  label: ReactNode;
  required?: boolean;
  hidden?: boolean;
  tone?: Tone;
  marks?: Marks;
}) {
  const visible = `block text-sm font-semibold ${tone === "dark" ? "text-white" : "text-navy-900"}`;
  return (
    <label htmlFor={htmlFor} className={hidden ? "sr-only" : visible}>
      {label}
      {marks === "required" && required && !hidden && <RequiredMark />}
      {marks === "optional" && !required && <span className="font-normal text-slate-700"> (optional)</span>}
    </label>
  );
}

/**
 * Which fields a form marks: "required" (the default) puts an asterisk on
 * each required field (with a RequiredNote at the top of the form);
 * "optional" writes " (optional)" after the label of each field that may
 * be left empty, for a form where nearly every field is required (the
 * course booking form).
 */
export type Marks = "required" | "optional";

/** A field's message, under it (rendered only when there is one). */
export function FieldError({ id, message, tone = "light" }: { id: string; message?: string; tone?: Tone }) {
  if (!message) return null;
  return (
    <p id={errorId(id)} className={`mt-1.5 text-sm font-medium ${tone === "dark" ? "text-red-200" : "text-red-700"}`}>
      {message}
    </p>
  );
}

export type FieldBase = {
  formId: string;
  name: string;
  label: ReactNode;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  /** Label for screen readers only (a placeholder shows what to type). */
  labelHidden?: boolean;
  className?: string;
  tone?: Tone;
  marks?: Marks;
};

/**
 * A field's frame: the wrapper the summary scrolls to, the label, the hint,
 * the control (given the wiring it needs) and the message under it.
 */
function FieldFrame({
  formId,
  name,
  label,
  required,
  error,
  hint,
  labelHidden,
  className = "",
  tone,
  marks,
  control,
}: FieldBase & { control: (wire: Wire) => ReactNode }) {
  const id = fieldId(formId, name);
  const hintId = hint ? `${id}-hint` : undefined;
  const wire: Wire = (own, extraClass) => ({
    id,
    name,
    ...own,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(hintId, error && errorId(id)),
    className: controlClass(error, extraClass),
  });
  return (
    <div className={className} data-field={name}>
      <FieldLabel htmlFor={id} label={label} required={required} hidden={labelHidden} tone={tone} marks={marks} />
      {hint && (
        <p id={hintId} className={`mt-1 text-sm ${tone === "dark" ? "text-slate-300" : "text-slate-600"}`}>
          {hint}
        </p>
      )}
      {control(wire)}
      <FieldError id={id} message={error} tone={tone} />
    </div>
  );
}

/**
 * A control's attributes: id and name, then its own (in the order given),
 * then what ties it to its label, hint and message, and its class.
 */
type Wire = <Own extends object>(
  own: Own,
  extraClass: string,
) => Own & {
  id: string;
  name: string;
  required?: boolean;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
};

export function TextField({
  type = "text",
  defaultValue,
  autoComplete,
  placeholder,
  inputMode,
  maxLength,
  ...field
}: FieldBase & {
  type?: "text" | "email" | "tel" | "password" | "datetime-local" | "date" | "time";
  defaultValue?: string;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal";
  maxLength?: number;
}) {
  return (
    <FieldFrame
      {...field}
      control={(wire) => (
        <input
          {...wire(
            { type, defaultValue, autoComplete, placeholder, inputMode, maxLength },
            field.labelHidden ? "min-h-11" : "mt-1.5 min-h-11",
          )}
        />
      )}
    />
  );
}

export function TextAreaField({
  defaultValue,
  rows = 5,
  maxLength,
  ...field
}: FieldBase & { defaultValue?: string; rows?: number; maxLength?: number }) {
  // What the visitor typed before or while React hydrated the page stays (typed-text.ts).
  const shown = useTypedTextDefault(fieldId(field.formId, field.name), defaultValue);
  return (
    <FieldFrame
      {...field}
      control={(wire) => <textarea {...wire({ rows, defaultValue: shown, maxLength }, "mt-1.5")} />}
    />
  );
}

export type Option = { value: string; label: string };

export function SelectField({
  options,
  defaultValue = "",
  placeholder = "Please choose",
  ...field
}: FieldBase & { options: readonly Option[]; defaultValue?: string; placeholder?: string }) {
  return (
    <FieldFrame
      {...field}
      control={(wire) => (
        <select {...wire({ defaultValue }, "mt-1.5 min-h-11")}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export function radioId(formId: string, name: string, value: string): string {
  return `${fieldId(formId, name)}-${value}`;
}

export function RadioGroup({
  formId,
  name,
  label,
  required,
  error,
  className = "",
  options,
  defaultValue,
}: FieldBase & { options: readonly Option[]; defaultValue?: string }) {
  const id = fieldId(formId, name);
  return (
    <fieldset id={id} className={className} data-field={name} aria-describedby={error ? errorId(id) : undefined}>
      <legend className="text-sm font-semibold text-navy-900">
        {label}
        {required && <RequiredMark />}
      </legend>
      <div className="mt-1.5 flex flex-wrap gap-x-6 gap-y-1">
        {options.map((o) => {
          const optionId = radioId(formId, name, o.value);
          return (
            <label
              key={o.value}
              htmlFor={optionId}
              className="flex min-h-11 cursor-pointer items-center gap-2 text-ink"
            >
              <input
                id={optionId}
                type="radio"
                name={name}
                value={o.value}
                defaultChecked={defaultValue === o.value}
                required={required}
                aria-invalid={error ? true : undefined}
                className="size-6 accent-navy-800"
              />
              {o.label}
            </label>
          );
        })}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}

/** Moves focus to a field (the checked radio, or the first, for a group) and shows its label. */
export function focusField(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  let control: HTMLElement = target;
  if (target instanceof HTMLFieldSetElement) {
    control =
      target.querySelector<HTMLElement>("input:checked") ?? target.querySelector<HTMLElement>("input") ?? target;
  }
  const container = target.closest<HTMLElement>("[data-field]") ?? target;
  container.scrollIntoView({ block: "center" });
  control.focus({ preventScroll: true });
  return true;
}

/**
 * "There is a problem": every field's message as a link to the field.
 * Focus moves here when it appears after a submit (see useFormValidation).
 */
export function ErrorSummary({
  formId,
  errors,
  order,
  summaryRef,
  title = "There is a problem",
  headingLevel = 3,
}: {
  formId: string;
  errors: FieldErrors;
  /** Field names in the order of the form. */
  order: readonly string[];
  summaryRef: RefObject<HTMLDivElement | null>;
  title?: string;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  const names = [...order.filter((n) => errors[n]), ...Object.keys(errors).filter((n) => !order.includes(n))];
  if (names.length === 0) return null;
  const headingId = `${formId}-error-summary-title`;
  function onClick(event: MouseEvent<HTMLAnchorElement>, id: string) {
    if (focusField(id)) event.preventDefault();
  }
  return (
    <div
      ref={summaryRef}
      role="group"
      tabIndex={-1}
      aria-labelledby={headingId}
      className="rounded-md border-2 border-red-700 bg-white p-4 focus:outline-3 focus:outline-offset-2 focus:outline-gold-400"
    >
      <Heading id={headingId} className="text-base font-bold text-red-800">
        {title}
      </Heading>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {names.map((name) => {
          const id = fieldId(formId, name);
          return order.includes(name) ? (
            <li key={name}>
              <a
                href={`#${id}`}
                onClickCapture={(event) => onClick(event, id)}
                className="inline-block py-0.5 font-medium text-red-800 underline underline-offset-2"
              >
                {errors[name]}
              </a>
            </li>
          ) : (
            <li key={name} className="text-red-800">
              {errors[name]}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A failure message at the top of a form (announced at once). */
export function FormAlert({
  title,
  message,
  className = "",
}: {
  title?: string;
  message?: string;
  className?: string;
}) {
  if (!title && !message) return null;
  return (
    <div role="alert" className={`rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900 ${className}`}>
      {title && <p className="font-semibold">{title}</p>}
      {message && <p className={title ? "mt-1" : "font-semibold"}>{message}</p>}
    </div>
  );
}

/**
 * A polite live region that is always in the page, so the messages put into
 * it are announced. Empty until there is something to say.
 */
export function FormStatus({
  children,
  className = "",
  statusRef,
  id,
}: {
  children?: ReactNode;
  className?: string;
  statusRef?: RefObject<HTMLDivElement | null>;
  id?: string;
}) {
  return (
    <div
      ref={statusRef}
      id={id}
      role="status"
      tabIndex={children ? -1 : undefined}
      className={`focus:outline-none ${className}`}
    >
      {children}
    </div>
  );
}

export function SubmitButton({
  submitting,
  label,
  busyLabel,
  spinner = false,
  className = "btn-primary",
}: {
  submitting: boolean;
  label: string;
  busyLabel: string;
  spinner?: boolean;
  className?: string;
}) {
  return (
    <button type="submit" disabled={submitting} className={className}>
      {submitting && spinner && <Icon drawing={LoaderCircle} className="size-4 animate-spin" />}
      {submitting ? busyLabel : label}
    </button>
  );
}

/** The form's text fields, as the schemas take them. */
export function readForm(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

const noErrors: FieldErrors = {};

export type FormValidation = {
  /** The messages to show: the browser's own check once the visitor has
   * submitted, otherwise what the server answered. */
  errors: FieldErrors;
  /** Put on the ErrorSummary (forms without one: focus goes to the first invalid field). */
  summaryRef: RefObject<HTMLDivElement | null>;
  /** Put on the <form>. */
  formRef: RefObject<HTMLFormElement | null>;
  /** Spread on the <form> (its ref included): validates on submit (and
   * blocks it while invalid), then again on every change. */
  formProps: {
    /** The form itself: the kit moves focus to the first problem in it. */
    ref: RefObject<HTMLFormElement | null>;
    noValidate: true;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    /** Every edit: the native `input` event, which React and Preact (an island, ADR 092) both pass on from a form's fields. */
    onInput: (event: FormEvent<HTMLFormElement>) => void;
    onFocus: () => void;
  };
};

/**
 * Validation in the browser with the form's shared schema: on submit (the
 * submit is blocked while anything is invalid and focus moves to the error
 * summary), then on every change. `serverErrors`: the field messages the
 * server answered with (shown until the visitor changes something); focus
 * moves to the summary when they arrive.
 *
 * Remount the form (a new `key`) to start again from scratch.
 */
export function useFormValidation(
  kind: ValidationKind,
  serverErrors?: FieldErrors,
  options: {
    /** Called when a submit is blocked, with what the form held (the payment form's "Missing Information" toast). */
    onInvalid?: (values: Record<string, string>) => void;
    /** Called with the submit once the form's values pass: what sends it (an island's `useFetchSubmission().onSubmit`). */
    onValid?: (event: FormEvent<HTMLFormElement>) => void;
  } = {},
): FormValidation {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [attempted, setAttempted] = useState(() => !!serverErrors && Object.keys(serverErrors).length > 0);
  const [focusRequest, setFocusRequest] = useState(0);
  const summaryRef = useRef<HTMLDivElement | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);

  useEffect(() => {
    if (focusRequest > 0) focusProblem(summaryRef.current, formRef.current);
  }, [focusRequest]);

  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length > 0) focusProblem(summaryRef.current, formRef.current);
  }, [serverErrors]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (!validator) {
      // First submit before the schemas arrived: hold it, load, then submit again.
      event.preventDefault();
      void loadValidator()
        .catch(() => {
          validator = passThrough;
        })
        .then(() => form.requestSubmit());
      return;
    }
    const values = readForm(form);
    const result = validator(kind, values);
    setAttempted(true);
    if (result.ok) {
      setClientErrors(null);
      options.onValid?.(event);
      return;
    }
    event.preventDefault();
    options.onInvalid?.(values);
    setClientErrors(result.fieldErrors);
    setFocusRequest((n) => n + 1);
  }

  function onInput(event: FormEvent<HTMLFormElement>) {
    if (!attempted || !validator) return;
    const result = validator(kind, readForm(event.currentTarget));
    setClientErrors(result.ok ? noErrors : result.fieldErrors);
  }

  return {
    errors: clientErrors ?? serverErrors ?? noErrors,
    summaryRef,
    formRef,
    formProps: { ref: formRef, noValidate: true, onSubmit, onInput, onFocus: preloadValidator },
  };
}

/**
 * The schemas (and their library) are fetched when a visitor first touches
 * a form, not with the page: most visitors never fill one in.
 */
type Validate = typeof validate;
/** If the schemas cannot be fetched, the form goes to the server, which validates anyway. */
const passThrough = (() => ({ ok: true, data: {} })) as unknown as Validate;
let validator: Validate | null = null;
let loading: Promise<void> | null = null;
function loadValidator(): Promise<void> {
  loading ??= import("~/leads/validation.ts").then(
    (m) => {
      validator = m.validate;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
function preloadValidator() {
  if (!validator) loadValidator().catch(() => {});
}

function focusProblem(summary: HTMLElement | null, form: HTMLFormElement | null) {
  if (summary) {
    summary.focus();
    return;
  }
  form?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
}

export type { Tone };
