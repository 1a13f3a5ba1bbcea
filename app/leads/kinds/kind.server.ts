/**
 * What a lead kind declares on the server (docs/decisions/022-lead-kinds.md):
 * its texts (./texts.ts), the table that holds it, how one submission is
 * stored and which e-mails it sends. The lead service (../service.server.ts)
 * does the rest the same way for every kind: the duplicate check, the facts
 * every lead carries, the transaction and the outbox.
 */
import type { Transaction } from "kysely";
import type { GuideId } from "~/content/ids.ts";
import type { PillarId } from "~/content/schema.ts";
import type { Db } from "~/data/db.server.ts";
import type { Database, LeadTable } from "~/data/schema.ts";
import type { FormInput, FormKind } from "~/forms/schemas.ts";
import type { LeadFacts, MailContext, OutgoingEmail } from "~/mail/types.ts";
import type { LeadKindTexts } from "./texts.ts";

export type StoreContext = {
  trx: Transaction<Database>;
  now: Date;
  /** What every lead records besides its fields (its id, new; its consent text, its kind's). */
  facts: LeadFacts;
  mail: MailContext;
  /** An absolute address of a path on the site (links in e-mails). */
  link: (path: string) => string;
};

export type Stored = {
  /** The record that holds the lead: the new one, or the one it joined (a newsletter address signing up again). */
  id: string;
  /** What to send for it, queued in the same transaction. */
  emails: OutgoingEmail[];
};

/** What the inbox lists for a lead (the index row's fields; app/inbox). */
export type Listing = {
  /** "" where the kind asks for none. */
  name: string;
  email: string;
  company: string;
  /** The kind's reference to what it is about (service interest, guide name, resource or webinar id; "" for none). */
  subject: string;
  pillar: PillarId | null;
  /** Searched with the rest ("" for none). */
  message: string;
};

export type LeadKind<K extends FormKind = FormKind> = LeadKindTexts<K> & {
  table: LeadTable;
  /** What the inbox lists for a submission of this kind. */
  listing: (input: FormInput<K>) => Listing;
  /** The subject as the team reads it (a title for a reference), or the reference itself if unknown. */
  subjectLabel: (subject: string) => string;
  /** Business hours within which the site promises an answer (the deadline the inbox shows), if it does. */
  answerWithinBusinessHours?: number;
  /**
   * Checks what the schema cannot know (a webinar that exists and has not
   * started by `now`); throws UnknownReferenceError (../errors.ts), which the
   * visitor sees as a field's message.
   */
  check?: (input: FormInput<K>, now: Date) => void;
  store: (input: FormInput<K>, ctx: StoreContext) => Promise<Stored>;
  /** For kinds that send a download link: the guide behind a link's token, or null. */
  findDownload?: (db: Db, token: string) => Promise<GuideId | null>;
};

/** The columns every lead table shares, from the facts. */
export function leadRow(facts: LeadFacts) {
  return {
    id: facts.id,
    created_at: facts.createdAt,
    consent_text: facts.consentText,
    source_page: facts.sourcePage,
    is_test: facts.isTest ? 1 : 0,
  };
}
