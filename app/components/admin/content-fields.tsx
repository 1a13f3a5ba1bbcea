/**
 * An item's fields in the content editor, as its schema describes them
 * (app/publishing/editor-fields.ts): text boxes, text areas, choices, one-per-line
 * lists, Markdown with its live preview (./markdown-field.tsx), dates and
 * times in London time (the day and time shown back in words), references to
 * other items as choices by name (with a search where the list is long), and
 * groups (a course's days, its FAQs) as fieldsets with a legend; a list of
 * groups has buttons to add, remove and move its items, which post the form
 * with an intent the server answers by showing it changed (nothing saved), so
 * they work with and without JavaScript.
 * Each field shows its message from the last save, under it.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { RefObject } from "react";
import { useNavigation } from "react-router";
import type { EditorField } from "~/publishing/editor-fields.ts";
import { wallClockInWords } from "~/time/london.ts";
import {
  ErrorSummary,
  FieldError,
  FormAlert,
  SelectField,
  TextAreaField,
  TextField,
  errorId,
  fieldId,
} from "~/components/forms/field.tsx";
import { MarkdownField } from "./markdown-field.tsx";
import { ImageField } from "./image-field.tsx";

export const contentFormId = "content";

/** More choices than this, and a reference gets a search box (with JavaScript) to narrow them. */
const searchFrom = 8;

type Props = {
  fields: readonly EditorField[];
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  /** The fields of an item still to be added: none is required. */
  optional?: boolean;
};

export function ContentFields({ fields, values, errors, optional = false }: Props) {
  return (
    <>
      {fields.map((field) => (
        <ContentField key={field.name} field={field} values={values} errors={errors} optional={optional} />
      ))}
    </>
  );
}

const boxClass = "space-y-4 rounded-md border border-slate-300 p-4";
const legendClass = "px-1 font-semibold text-navy-900";
const listButtonClass = "btn-outline min-h-11 px-3 py-1 text-sm";

function ContentField({ field, values, errors, optional }: Omit<Props, "fields"> & { field: EditorField }) {
  const common = {
    formId: contentFormId,
    name: field.name,
    label: field.label,
    required: field.required && !optional,
    error: errors[field.name],
  };
  const value = values[field.name] ?? "";
  switch (field.kind) {
    case "group":
      return (
        <fieldset className={boxClass} data-field={field.name} id={fieldId(contentFormId, field.name)}>
          <legend className={legendClass}>{field.label}</legend>
          <ContentFields fields={field.fields} values={values} errors={errors} optional={optional} />
        </fieldset>
      );
    case "list":
      return <ListField field={field} values={values} errors={errors} optional={optional} />;
    case "image":
      return <ImageField formId={contentFormId} field={field} values={values} errors={errors} />;
    case "choice":
      return <SelectField {...common} options={field.options} defaultValue={value} />;
    case "yes-no":
      return (
        <SelectField
          {...common}
          options={[
            { value: "yes", label: "Yes" },
            { value: "no", label: "No" },
          ]}
          defaultValue={value}
        />
      );
    case "reference":
      return <ReferenceField field={field} values={values} errors={errors} optional={optional} />;
    case "datetime":
      return <DateTimeField field={field} values={values} errors={errors} optional={optional} />;
    case "kept":
      return <input type="hidden" name={field.name} value={value} />;
    case "number":
      return <TextField {...common} inputMode="numeric" defaultValue={value} />;
    case "money":
      return <TextField {...common} inputMode="decimal" hint={field.hint} defaultValue={value} />;
    case "lines":
      return (
        <TextAreaField
          {...common}
          hint={field.hint}
          rows={Math.min(8, value.split("\n").length + 1)}
          defaultValue={value}
        />
      );
    case "markdown":
      return <MarkdownField {...common} hint={field.hint} maxLength={field.maxLength} value={value} />;
    case "text":
      if (field.input) return <TextField {...common} type={field.input} hint={field.hint} defaultValue={value} />;
      return field.long ? (
        <TextAreaField {...common} hint={field.hint} rows={4} maxLength={field.maxLength} defaultValue={value} />
      ) : (
        <TextField {...common} hint={field.hint} maxLength={field.maxLength} defaultValue={value} />
      );
  }
}

/**
 * A list of groups: each item a fieldset with its buttons (move up, move
 * down, remove: each named with the item, "Move Day 2 up"), and the list's
 * "Add a …". The buttons post the form; the server shows it changed.
 */
function ListField({
  field,
  values,
  errors,
  optional,
}: Omit<Props, "fields"> & { field: EditorField & { kind: "list" } }) {
  const last = field.items.length - 1;
  return (
    <fieldset className={boxClass} data-field={field.name} id={fieldId(contentFormId, field.name)}>
      <legend className={legendClass}>{field.label}</legend>
      <p className="text-sm text-slate-600">{field.hint}</p>
      {errors[field.name] && <p className="text-sm font-medium text-red-700">{errors[field.name]}</p>}
      {field.items.map((item, i) => (
        <fieldset
          key={item.label}
          id={fieldId(contentFormId, `${field.name}.${i}`)}
          tabIndex={-1}
          className="space-y-4 border-t border-slate-200 pt-3"
        >
          <legend className="text-sm font-semibold text-navy-900">{item.label}</legend>
          <ContentFields fields={item.fields} values={values} errors={errors} optional={optional} />
          {(field.canMove || field.canRemove) && (
            <div className="flex flex-wrap gap-2">
              {field.canMove && i > 0 && (
                <button type="submit" name="intent" value={`list:up:${field.name}.${i}`} className={listButtonClass}>
                  Move<span className="sr-only"> {item.label}</span> up
                </button>
              )}
              {field.canMove && i < last && (
                <button type="submit" name="intent" value={`list:down:${field.name}.${i}`} className={listButtonClass}>
                  Move<span className="sr-only"> {item.label}</span> down
                </button>
              )}
              {field.canRemove && (
                <button
                  type="submit"
                  name="intent"
                  value={`list:remove:${field.name}.${i}`}
                  className={listButtonClass}
                >
                  Remove<span className="sr-only"> {item.label}</span>
                </button>
              )}
            </div>
          )}
        </fieldset>
      ))}
      {field.canAdd && (
        <button type="submit" name="intent" value={`list:add:${field.name}`} className={listButtonClass}>
          {addLabelOf(field.noun)}
        </button>
      )}
    </fieldset>
  );
}

/** "Add a day", "Add a FAQ", "Add an industry". */
function addLabelOf(noun: string): string {
  const word = /^[A-Z]{2}/.test(noun) ? noun : noun.toLowerCase();
  return `Add ${/^[aeiou]/i.test(word) && !/^FAQ/.test(word) ? "an" : "a"} ${word}`;
}

/** A London date and a time, and the two in words under them ("Wednesday 12 May 2027, 12:30 London time"). */
function DateTimeField({
  field,
  values,
  errors,
  optional,
}: Omit<Props, "fields"> & { field: EditorField & { kind: "datetime" } }) {
  const [date, setDate] = useState(values[`${field.name}.date`] ?? "");
  const [time, setTime] = useState(values[`${field.name}.time`] ?? "");
  const words = wallClockInWords(date, time);
  const id = fieldId(contentFormId, field.name);
  const error = errors[field.name];
  const required = field.required && !optional;
  const wordsId = `${id}-words`;
  const describedBy = [`${id}-hint`, wordsId, error ? errorId(id) : ""].filter(Boolean).join(" ");
  const shared = { fieldName: field.name, required, invalid: Boolean(error), describedBy };
  return (
    <fieldset className={boxClass} data-field={field.name}>
      <legend className={legendClass}>
        {field.label}
        {required && <span className="sr-only"> (required)</span>}
      </legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {field.hint}
      </p>
      <div className="flex flex-wrap gap-4">
        <WallClockPart part="date" id={id} value={date} onChange={setDate} {...shared} />
        <WallClockPart
          part="time"
          id={fieldId(contentFormId, `${field.name}.time`)}
          value={time}
          onChange={setTime}
          {...shared}
        />
      </div>
      <p id={wordsId} className="text-sm font-medium text-navy-900" aria-live="polite">
        {words ?? "Choose a date and a time."}
      </p>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}

const wallClockLabels = { date: "Date", time: "Time (London, 24-hour clock)" };

/** The date or the time of a DateTimeField (`name.date`, `name.time`): a labelled input that tells the field what was chosen. */
function WallClockPart({
  part,
  fieldName,
  id,
  value,
  onChange,
  required,
  invalid,
  describedBy,
}: {
  part: "date" | "time";
  fieldName: string;
  id: string;
  value: string;
  onChange: (value: string) => void;
  required: boolean | undefined;
  invalid: boolean;
  describedBy: string;
}) {
  return (
    <label className="block">
      <span className="block font-medium">{wallClockLabels[part]}</span>
      <input
        id={id}
        type={part}
        name={`${fieldName}.${part}`}
        defaultValue={value}
        required={required}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.currentTarget.value)}
        className="mt-1.5 min-h-11 rounded-md border border-slate-500 px-3"
      />
    </label>
  );
}

const noSubscription = () => () => {};

/** With JavaScript: a box that narrows the choices of the selects in `container` to those whose name has the words typed. */
function ChoiceSearch({ label, container }: { label: string; container: RefObject<HTMLElement | null> }) {
  // Only once the page runs its script: without it, a box that filters nothing would mislead.
  const scripted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!scripted) return null;
  return (
    <label className="block text-sm">
      <span className="block font-medium">{label}</span>
      <input
        type="search"
        className="mt-1 min-h-11 w-full max-w-sm rounded-md border border-slate-500 px-3"
        onInput={(e) => {
          const words = e.currentTarget.value.trim().toLowerCase();
          for (const option of container.current?.querySelectorAll("option") ?? []) {
            option.hidden = option.value !== "" && !option.selected && !option.text.toLowerCase().includes(words);
          }
        }}
      />
    </label>
  );
}

/** A reference: a choice of the items it may name, by name (one, or one per place of a list of them). */
function ReferenceField({
  field,
  values,
  errors,
  optional,
}: Omit<Props, "fields"> & { field: EditorField & { kind: "reference" } }) {
  const box = useRef<HTMLDivElement>(null);
  const search = field.options.length > searchFrom && (
    <ChoiceSearch label={`Search ${field.noun}s by name`} container={box} />
  );
  const choose = `Choose ${/^[aeiou]/.test(field.noun) ? "an" : "a"} ${field.noun}`;
  if (!field.slots) {
    return (
      <div ref={box} className="space-y-2" data-field={field.name}>
        <SelectField
          formId={contentFormId}
          name={field.name}
          label={field.label}
          required={field.required && !optional}
          error={errors[field.name]}
          options={field.options}
          placeholder={field.required ? choose : "(none)"}
          defaultValue={values[field.name] ?? ""}
        />
        {search}
      </div>
    );
  }
  const slots = field.slots;
  return (
    <div ref={box}>
      <fieldset className={boxClass} data-field={field.name} id={fieldId(contentFormId, field.name)}>
        <legend className={legendClass}>{field.label}</legend>
        <p className="text-sm text-slate-600">{slots.hint}</p>
        {errors[field.name] && <p className="text-sm font-medium text-red-700">{errors[field.name]}</p>}
        {search}
        {Array.from({ length: slots.count }, (_, i) => (
          <SelectField
            key={i}
            formId={contentFormId}
            name={`${field.name}.${i}`}
            label={`${field.label}: place ${i + 1}`}
            required={!optional && i < slots.min}
            error={errors[`${field.name}.${i}`]}
            options={field.options}
            placeholder={i < slots.min ? choose : "(empty: show fewer)"}
            defaultValue={values[`${field.name}.${i}`] ?? ""}
          />
        ))}
      </fieldset>
    </div>
  );
}

/** The content form as a page gives it, and what a post of it answered. */
type ContentForm = Pick<Props, "fields" | "values">;
type ContentFormAnswer = Partial<ContentForm> & { errors?: Props["errors"]; focus?: string };

/**
 * The content form's state on an item's page and a new item's: after a
 * list's button (or a refused save), the form as posted, its lists as long as
 * they were; else the page's. After a list's button (with JavaScript), the
 * keyboard goes to the item added or moved, or to the list an item left, as
 * the form is shown again.
 */
export function useContentForm(page: ContentForm, answer: ContentFormAnswer | undefined) {
  const busy = useNavigation().state !== "idle";
  const focus = answer?.focus;
  useEffect(() => {
    if (focus) document.getElementById(fieldId(contentFormId, focus))?.focus();
  }, [focus, answer]);
  return {
    busy,
    errors: answer?.errors ?? {},
    fields: answer?.fields ?? page.fields,
    values: answer?.values ?? page.values,
  };
}

/** Every field's name, in the form's order (for the error summary). */
export function fieldOrder(fields: readonly EditorField[]): string[] {
  return fields.flatMap((f) =>
    f.kind === "group"
      ? [f.name, ...fieldOrder(f.fields)]
      : f.kind === "list"
        ? [f.name, ...f.items.flatMap((item, i) => [`${f.name}.${i}`, ...fieldOrder(item.fields)])]
        : f.kind === "reference" && f.slots
          ? [f.name, ...Array.from({ length: f.slots.count }, (_, i) => `${f.name}.${i}`)]
          : f.kind === "image"
            ? [f.name, `${f.name}.id`, `${f.name}.alt`]
            : [f.name],
  );
}

/** What went wrong with the last post of an item's form: the message, then each field's, linked to the field. */
export function ContentProblems({
  fields,
  message,
  title,
  errors = {},
}: {
  fields: readonly EditorField[];
  message?: string;
  title?: string;
  errors?: Readonly<Record<string, string>>;
}) {
  const summaryRef = useRef<HTMLDivElement>(null);
  // After a refused save, the summary is where the eye and the keyboard go first.
  const said = Object.entries(errors).join("\n");
  useEffect(() => {
    if (said) summaryRef.current?.focus();
  }, [said]);
  return (
    <>
      <FormAlert title={title} message={message} className="mb-6" />
      <ErrorSummary
        formId={contentFormId}
        errors={errors}
        order={fieldOrder(fields)}
        summaryRef={summaryRef}
        headingLevel={2}
      />
    </>
  );
}
