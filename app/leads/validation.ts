/**
 * Every form the browser checks with its shared schema: each lead kind's
 * (declared with the kind, gathered by the registry ./kinds/index.ts) and
 * the card payment's details. The browser fetches this module when a
 * visitor first touches a form (app/components/forms/field.tsx); the page
 * actions and the API check the same way before storing.
 */
import type * as v from "valibot";
import { paymentDetailsSchema, validateWith, type FormSchema, type Validation } from "~/forms/schemas.ts";
import { formSchemas } from "./kinds/index.ts";

export type { FieldErrors } from "~/forms/schemas.ts";

const validationSchemas = { ...formSchemas, paymentDetails: paymentDetailsSchema } as const;
export type ValidationKind = keyof typeof validationSchemas;
export type ValidationInput<K extends ValidationKind> = v.InferOutput<(typeof validationSchemas)[K]>;

/** Validates input against a public form's schema; on failure, the first message for each field. */
export function validate<K extends ValidationKind>(kind: K, input: unknown): Validation<ValidationInput<K>> {
  return validateWith(validationSchemas[kind] as unknown as FormSchema<ValidationInput<K>>, input);
}
