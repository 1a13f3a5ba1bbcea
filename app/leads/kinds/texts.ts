/**
 * What a visitor sees of a lead kind, besides its form: its name, the
 * consent line under the form's button (stored with each lead: the server
 * never trusts a text sent by the browser) and the answer to a successful
 * submission. Client-safe: each kind's module (./contact.ts, …) declares
 * its own; the server half is in ./<kind>.server.ts.
 */
import type { FormKind } from "~/forms/schemas.ts";

export type LeadKindTexts<K extends FormKind = FormKind> = {
  kind: K;
  /** What the team calls one (the back office, exports). */
  label: string;
  consentText: string;
  successMessage: string;
};

/** Declares a kind's texts (typed against its form). */
export const defineLeadKindTexts = <K extends FormKind>(texts: LeadKindTexts<K>): LeadKindTexts<K> => texts;
