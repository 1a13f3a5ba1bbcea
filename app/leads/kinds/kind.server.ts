/**
 * What a lead kind declares on the server (docs/decisions/041-a-lead-kind-declares-itself.md):
 * its client-safe half (./texts.ts: texts, privacy notice row, retention
 * rules), the table that holds it, how one submission is stored and which
 * e-mails it sends, how the inbox lists it, which of its columns are
 * secrets, what erasure does to it and how the retention job cuts its
 * table. The lead service (../service.server.ts) does the rest the same way
 * for every kind: the duplicate check, the facts every lead carries, the
 * transaction and the outbox; the inbox, exports, the digest, webhooks,
 * access requests, erasure and the retention job read the registry
 * (./index.server.ts) and name no kind.
 */
import { type Kysely, type SelectQueryBuilder, type Transaction } from "kysely";
import type { GuideId } from "~/content/ids.ts";
import type { Db } from "~/data/db.server.ts";
import type { Database, LeadTable } from "~/data/schema.ts";
import type { FormInput, FormKind } from "~/forms/schemas.ts";
import type { LeadFacts, MailContext, OutgoingEmail } from "~/mail/types.ts";
import type { KeptKind } from "~/calendar/period.ts";
import type { Listing } from "~/data/inbox-index.server.ts";
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

/** What the inbox lists for a lead (the index row's fields; app/data/inbox-index.server.ts). */
export type { Listing };

/** A listing of what the kind gives; "" (or no pillar) for what it does not ask for. */
export const listing = (fields: Partial<Listing> & Pick<Listing, "email">): Listing => ({
  name: "",
  company: "",
  subject: "",
  pillar: null,
  message: "",
  ...fields,
});

/** A kind on the server: its client-safe declarations (texts, and what is kept of it), then the rest. */
export type LeadKind<K extends FormKind = FormKind> = LeadKindTexts<K> &
  KeptKind<K> & {
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
    /** Columns no one is shown or handed (links' tokens): not on the lead's page, not in an access request. */
    secretColumns: readonly string[];
    /** What erasing an address does to its rows: delete them, or keep the address alone (see Suppression). */
    erasure: "delete" | Suppression;
    /** Applies the kind's retention rules (its `retention`) once: how many records each rule deleted or anonymised. */
    sweep: (ctx: SweepContext) => Promise<Record<string, number>>;
  };

/** Erasure that keeps the address alone, so it is never written to again (the newsletter's suppression list). */
export type Suppression = {
  /** Empties the rows of `address` (normalised) but the address; returns how many. */
  suppress: (trx: Transaction<Database>, address: string, now: Date) => Promise<number>;
};

/** The rows of a lead table `T` a rule picks: `selectFrom(T)` narrowed by its where clauses. */
export type LeadRows<T extends LeadTable> = SelectQueryBuilder<Database, T, object>;

/** What the retention job (app/retention/job.server.ts) gives a kind's `sweep`. */
export type SweepContext = {
  db: Kysely<Database>;
  now: Date;
  /** A rule's cutoff at `now` (ISO 8601 UTC): an age date before it is past the period. */
  cutoff: (rule: string) => string;
  /** The webinars and their dates (the site's content, unless a test gives others). */
  webinars: readonly { id: string; startsAt: string }[];
  batchSize: number;
  /** Runs `step` (one bounded statement) until it affects fewer rows than a batch; returns the total. */
  batches: (step: () => Promise<number>) => Promise<number>;
  /**
   * Deletes the rows of `table` that `where` picks, a batch at a time, with
   * their rows in the inbox's index and their notes and changes, so nothing
   * about a lead outlives it. Returns how many went.
   */
  deleteLeads: <T extends LeadTable>(table: T, where: (rows: LeadRows<T>) => LeadRows<T>) => Promise<number>;
  /** Removes leads from the inbox's index, with their notes and changes. */
  forgetListing: (trx: Transaction<Database>, ids: string[]) => Promise<void>;
};

/** The sweep of a kind kept for a period after it was made: its rows go once created_at is before the cutoff. */
export const sweepByAge =
  (rule: string, table: LeadTable) =>
  async (ctx: SweepContext): Promise<Record<string, number>> => ({
    [rule]: await ctx.deleteLeads(table, (rows) => rows.where("created_at", "<", ctx.cutoff(rule))),
  });

export { sameAddress } from "~/data/same-address.ts";

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
