/**
 * A lead kind's client-safe half (docs/decisions/041-a-lead-kind-declares-itself.md,
 * 043-a-new-kind-is-its-modules.md): its name and label, its form's schema
 * (valibot, app/forms/schemas.ts: the browser validates with it as the
 * visitor types, the server before storing), what a visitor sees of it
 * besides its form (the consent line under the form's button, stored with
 * each lead: the server never trusts a text sent by the browser, and the
 * answer to a successful submission), its row in the privacy notice's table
 * and its retention rules. Each kind's module (./contact.ts, …) declares its
 * own; the server half is in ./<kind>.server.ts. The privacy notice
 * (app/content/legal.ts), the retention rules (app/retention/rules.ts) and
 * the forms read them from the registry (./index.ts).
 */
import type { KeptKind } from "../../calendar/period.ts";
import type { FormSchema } from "../../forms/schemas.ts";

export type { NoticeRow } from "../../content/notice-row.ts";

export type LeadKindTexts<
  K extends string = string,
  R extends string = string,
  S extends FormSchema = FormSchema,
> = KeptKind<K, R> & {
  /** Its form's fields and rules. */
  schema: S;
  consentText: string;
  successMessage: string;
};

/** Declares a kind's client-safe half (its form's schema and its rules' names kept as written). */
export const defineLeadKindTexts = <K extends string, S extends FormSchema, const R extends string>(
  texts: LeadKindTexts<K, R, S>,
): LeadKindTexts<K, R, S> => texts;
