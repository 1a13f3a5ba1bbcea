/**
 * The lead pipeline's contract: what the routes hand to the lead service
 * and what they get back. Client-safe types only.
 */
import type { GuideId } from "~/content/ids.ts";
import type { Attribution } from "~/forms/attribution.ts";
import type { FormInput, FormKind } from "~/forms/schemas.ts";
import type { SpamKind, SpamReason } from "~/spam/folder.server.ts";

/** Facts about a submission that the visitor does not type. */
export type SubmissionMeta = {
  /** Path (and query) of the page the form was on, or "api" for direct API calls. */
  sourcePage: string;
  /** Marked as a test (the /test-forms dashboard); kept apart from real leads. */
  isTest: boolean;
  /** The visit that brought it, when the page script sent it (app/forms/attribution.ts). */
  attribution?: Attribution | null;
};

export type SubmitOutcome = {
  /** The stored record's id (the earlier one, for a repeated submission). */
  id: string;
  /** True when the same submission arrived shortly before: nothing new stored or sent. */
  duplicate: boolean;
};

export type ConfirmOutcome = "confirmed" | "already-confirmed" | "unknown";
export type UnsubscribeOutcome = "unsubscribed" | "already-unsubscribed" | "unknown";

export interface LeadService {
  /** Stores the lead and queues its e-mails in one transaction. */
  submit<K extends FormKind>(kind: K, input: FormInput<K>, meta: SubmissionMeta): Promise<SubmitOutcome>;
  /** Double opt-in: the link in the confirmation e-mail. */
  confirmNewsletter(token: string): Promise<ConfirmOutcome>;
  /** The link in every newsletter e-mail. */
  unsubscribeNewsletter(token: string): Promise<UnsubscribeOutcome>;
  /**
   * Keeps a submission refused as automated (the spam folder, 30 days,
   * capped per address and in total); false when a cap left it out.
   */
  keepRefused(spam: {
    kind: SpamKind;
    reason: SpamReason;
    fields: Record<string, unknown>;
    clientAddress: string;
    sourcePage: string;
  }): Promise<boolean>;
  /** The guide behind a download link, or null for an unknown link. */
  findDownload(token: string): Promise<GuideId | null>;
}
