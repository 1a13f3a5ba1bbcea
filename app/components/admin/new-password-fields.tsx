/**
 * Choosing a password in the back office (setting up an account, changing
 * one's password): the new password, with the length rule and advice, and
 * the same again.
 */
import { TextField } from "~/components/forms/field.tsx";
import { passwordLength } from "~/staff/password-rules.ts";

export function NewPasswordFields({
  formId,
  labels,
  error,
}: {
  formId: string;
  /** The two fields' labels: the password, and the same again. */
  labels: readonly [string, string];
  /** The message for a field (`password`, `confirm`), if any. */
  error: (field: "password" | "confirm") => string | undefined;
}) {
  return (
    <>
      <TextField
        formId={formId}
        name="password"
        type="password"
        label={labels[0]}
        hint={`At least ${passwordLength.min} characters. A phrase of a few words is easy to remember and hard to guess.`}
        autoComplete="new-password"
        error={error("password")}
        required
      />
      <TextField
        formId={formId}
        name="confirm"
        type="password"
        label={labels[1]}
        autoComplete="new-password"
        error={error("confirm")}
        required
      />
    </>
  );
}
