/**
 * The booker's fields, as the course booking form ("Your details") and the
 * waiting list's request ask them (ADR 083): full name, e-mail, phone and
 * job title where the form asks them, and organisation, each filled with
 * what was typed and marked "(optional)" only where it may be left empty.
 * The caller lays them out (they go in its grid).
 */
import { TextField } from "~/components/forms/field.tsx";

/** A text field of form `formId` (the kit's), filled with what was typed and with its message; "(optional)" marks what may be left empty. */
export function bindField(formId: string, values: Record<string, string>, errors: Record<string, string>) {
  return (name: string) =>
    ({ formId, name, defaultValue: values[name] ?? "", error: errors[name], marks: "optional" }) as const;
}

/** The names the form posts the booker's fields under; a form without phone or job title leaves them out. */
export type BookerFieldNames = {
  name: string;
  email: string;
  phone?: string;
  jobTitle?: string;
  organisation: string;
};

export function BookerFields({ names, bind }: { names: BookerFieldNames; bind: ReturnType<typeof bindField> }) {
  return (
    <>
      <TextField {...bind(names.name)} label="Full name" autoComplete="name" required />
      <TextField {...bind(names.email)} label="E-mail" type="email" autoComplete="email" required />
      {names.phone && <TextField {...bind(names.phone)} label="Phone" type="tel" autoComplete="tel" required />}
      {names.jobTitle && (
        <TextField {...bind(names.jobTitle)} label="Job title" autoComplete="organization-title" required />
      )}
      <TextField {...bind(names.organisation)} label="Organisation" autoComplete="organization" required />
    </>
  );
}
