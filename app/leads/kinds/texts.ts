/**
 * A lead kind's client-safe half (docs/decisions/041-a-lead-kind-declares-itself.md):
 * what a visitor sees of it besides its form (its name, the consent line
 * under the form's button, stored with each lead: the server never trusts a
 * text sent by the browser, and the answer to a successful submission), its
 * row in the privacy notice's table, and its retention rules, whose periods
 * that row states. Each kind's module (./contact.ts, …) declares its own;
 * the server half is in ./<kind>.server.ts. The privacy notice
 * (app/content/legal.ts) and the retention rules (app/retention/rules.ts)
 * read them from the registry (./index.ts).
 */
import type { FormKind } from "~/forms/schemas.ts";
import type { RetentionRule } from "~/calendar/period.ts";
import type { NoticeRow } from "~/content/notice-row.ts";

export type { NoticeRow } from "~/content/notice-row.ts";

export type LeadKindTexts<K extends FormKind = FormKind, R extends string = string> = {
  kind: K;
  /** What the team calls one (the back office, exports, the digest, access requests). */
  label: string;
  consentText: string;
  successMessage: string;
  /** Its row in the privacy notice; kinds that share a row declare the same object (the notice shows it once). */
  notice: NoticeRow;
  /** How long its records are kept (the job applies them: its server half's `sweep`); `notice.howLong` says so. */
  retention: readonly RetentionRule<R>[];
};

/** Declares a kind's texts (typed against its form; its rules' names kept as written). */
export const defineLeadKindTexts = <K extends FormKind, const R extends string>(
  texts: LeadKindTexts<K, R>,
): LeadKindTexts<K, R> => texts;
