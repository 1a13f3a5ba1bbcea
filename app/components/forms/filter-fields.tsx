/**
 * The fields of a filter form (a GET form that narrows a list, as the
 * inbox's): the form kit's fields, each starting at the filter in force, with
 * ids `filter-${name}`. A choice's first option takes the filter off ("All
 * kinds"); the kit's text field has no search or date type, so those two are
 * framed here as the kit frames its fields.
 */
import { controlClass, fieldId, SelectField, type Option } from "./field.tsx";

const formId = "filter";

export function FilterSelect({
  name,
  label,
  value,
  options,
  any,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly Option[];
  /** The first option, which filters nothing out. */
  any: string;
}) {
  return (
    <SelectField formId={formId} name={name} label={label} options={options} defaultValue={value} placeholder={any} />
  );
}

/** A search box or a date: the value typed is the filter. */
export function FilterInput({
  name,
  label,
  type,
  value,
  className,
}: {
  name: string;
  label: string;
  type: "search" | "date";
  value: string;
  className?: string;
}) {
  const id = fieldId(formId, name);
  return (
    <div className={className} data-field={name}>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        autoComplete="off"
        className={controlClass(undefined, "mt-1.5 min-h-11")}
      />
    </div>
  );
}
