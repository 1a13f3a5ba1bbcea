/**
 * An item's fields in the content editor, as its schema describes them
 * (app/content/editor-fields.ts): text boxes, text areas, choices, one-per-line
 * lists, Markdown with its live preview (./markdown-field.tsx), and groups (a
 * course's days, its FAQs) as fieldsets with a legend.
 * Each field shows its message from the last save, under it.
 */
import { useEffect, useRef } from "react";
import type { EditorField } from "~/content/editor-fields.ts";
import { ErrorSummary, FormAlert, SelectField, TextAreaField, TextField } from "~/components/forms/field.tsx";
import { MarkdownField } from "./markdown-field.tsx";
import { ImageField } from "./image-field.tsx";

export const contentFormId = "content";

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
        <fieldset className="space-y-4 rounded-md border border-slate-300 p-4" data-field={field.name}>
          <legend className="px-1 font-semibold text-navy-900">{field.label}</legend>
          <ContentFields fields={field.fields} values={values} errors={errors} optional={optional} />
        </fieldset>
      );
    case "list":
      return (
        <fieldset className="space-y-4 rounded-md border border-slate-300 p-4" data-field={field.name}>
          <legend className="px-1 font-semibold text-navy-900">{field.label}</legend>
          <p className="text-sm text-slate-600">{field.hint}</p>
          {errors[field.name] && <p className="text-sm font-medium text-red-700">{errors[field.name]}</p>}
          {field.items.map((item) => (
            <fieldset key={item.label} className="space-y-4 border-t border-slate-200 pt-3">
              <legend className="text-sm font-semibold text-navy-900">{item.label}</legend>
              <ContentFields
                fields={item.fields}
                values={values}
                errors={errors}
                optional={optional || item.label.endsWith("(new)")}
              />
            </fieldset>
          ))}
        </fieldset>
      );
    case "image":
      return <ImageField formId={contentFormId} field={field} values={values} errors={errors} />;
    case "choice":
      return (
        <SelectField {...common} options={field.options.map((o) => ({ value: o, label: o }))} defaultValue={value} />
      );
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
    case "course-slots":
      return (
        <fieldset className="space-y-4 rounded-md border border-slate-300 p-4" data-field={field.name}>
          <legend className="px-1 font-semibold text-navy-900">{field.label}</legend>
          <p className="text-sm text-slate-600">{field.hint}</p>
          {errors[field.name] && <p className="text-sm font-medium text-red-700">{errors[field.name]}</p>}
          {Array.from({ length: field.slots }, (_, i) => (
            <SelectField
              key={i}
              formId={contentFormId}
              name={`${field.name}.${i}`}
              label={`${field.label}: place ${i + 1}`}
              required={!optional && i < field.min}
              error={errors[`${field.name}.${i}`]}
              options={field.options}
              placeholder={i < field.min ? "Choose a course" : "(empty: show fewer)"}
              defaultValue={values[`${field.name}.${i}`] ?? ""}
            />
          ))}
        </fieldset>
      );
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
      return field.long ? (
        <TextAreaField {...common} hint={field.hint} rows={4} maxLength={field.maxLength} defaultValue={value} />
      ) : (
        <TextField {...common} hint={field.hint} maxLength={field.maxLength} defaultValue={value} />
      );
  }
}

/** Every field's name, in the form's order (for the error summary). */
export function fieldOrder(fields: readonly EditorField[]): string[] {
  return fields.flatMap((f) =>
    f.kind === "group"
      ? [f.name, ...fieldOrder(f.fields)]
      : f.kind === "list"
        ? [f.name, ...f.items.flatMap((i) => fieldOrder(i.fields))]
        : f.kind === "course-slots"
          ? [f.name, ...Array.from({ length: f.slots }, (_, i) => `${f.name}.${i}`)]
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
