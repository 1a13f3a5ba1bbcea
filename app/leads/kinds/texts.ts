/**
 * A lead kind's client-safe half (docs/decisions/041-a-lead-kind-declares-itself.md,
 * 043-a-new-kind-is-its-modules.md): its name and label, its form's schema
 * (valibot, app/forms/schemas.ts: the browser validates with it as the
 * visitor types, the server before storing), what a visitor sees of it
 * besides its form (the consent line under the form's button, stored with
 * each lead: the server never trusts a text sent by the browser, and the
 * answer to a successful submission); and, apart (`defineKeptLeadKind`),
 * what the site keeps of it: its row in the privacy notice's table and its
 * retention rules. Each kind's module (./contact.ts, …) declares both; the
 * server half is in ./<kind>.server.ts. The forms read the first from the
 * registry (./index.ts); the privacy notice (app/content/legal.ts) and the
 * retention rules (app/retention/rules.ts) read the second there. Two
 * declarations, so that the browser's code, which needs the first, never
 * carries the second (the bundler drops what the browser does not read;
 * tests/e2e/javascript-by-page.spec.ts checks it).
 */
import type { KeptKind } from "../../calendar/period.ts";
import type { FormSchema } from "../../forms/schemas.ts";

export type { NoticeRow } from "../../content/notice-row.ts";

export type LeadKindTexts<K extends string = string, S extends FormSchema = FormSchema> = {
  kind: K;
  label: string;
  /** Its form's fields and rules. */
  schema: S;
  consentText: string;
  successMessage: string;
};

/** Declares a kind's client-safe half (its form's schema kept as written). */
export const defineLeadKindTexts = <K extends string, S extends FormSchema>(
  texts: LeadKindTexts<K, S>,
): LeadKindTexts<K, S> => texts;

/**
 * Declares what the site keeps of a kind: its notice row and its retention
 * rules (their names kept as written), given as a function. The call is
 * marked free of side effects and its argument is a function, so the bundler
 * drops the whole declaration where nothing reads it (the browser's code):
 * an object given directly would leave its property reads and calls behind.
 */
export const defineKeptLeadKind = /* @__NO_SIDE_EFFECTS__ */ <K extends string, const R extends string>(
  kind: { kind: K; label: string },
  kept: () => Omit<KeptKind<K, R>, "kind" | "label">,
): KeptKind<K, R> => ({ kind: kind.kind, label: kind.label, ...kept() });
