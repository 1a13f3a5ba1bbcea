/**
 * The fields that say who a visitor is (name, e-mail, phone, company, job
 * title), asked for the same way on every form: the input type, what the
 * browser may fill in, and the longest answer the schemas take.
 */
import { limits } from "~/forms/fields.ts";
import type { FieldErrors } from "~/forms/schemas.ts";
import { TextField, type FieldBase } from "./field.tsx";

const personFields = {
  name: { autoComplete: "name", maxLength: limits.name },
  givenName: { autoComplete: "given-name", maxLength: limits.name },
  familyName: { autoComplete: "family-name", maxLength: limits.name },
  email: { type: "email", autoComplete: "email", maxLength: limits.email },
  phone: { type: "tel", autoComplete: "tel", maxLength: limits.phone },
  company: { autoComplete: "organization", maxLength: limits.company },
  jobTitle: { autoComplete: "organization-title", maxLength: limits.jobTitle },
} as const;

/**
 * One of those fields. `name`: the form field's name, when it is not the
 * kind's own (`first_name` for a given name); its value comes from `values`
 * (what the visitor sent before) and its message from `errors`.
 */
export function PersonField({
  field,
  name = field,
  values,
  errors,
  ...rest
}: Omit<FieldBase, "name" | "error"> & {
  field: keyof typeof personFields;
  name?: string;
  values?: Partial<Record<string, string>>;
  errors: FieldErrors;
  placeholder?: string;
}) {
  return (
    <TextField {...rest} {...personFields[field]} name={name} defaultValue={values?.[name]} error={errors[name]} />
  );
}
