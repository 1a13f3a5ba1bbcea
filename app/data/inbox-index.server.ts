/**
 * The inbox's index (the `leads` table, docs/decisions/024-lead-index.md,
 * 058-course-bookings-in-the-inbox.md): one row for each thing the team
 * works as a lead, written in that thing's own transaction: every lead of
 * every kind (app/leads/), and the orders the team works too (a course
 * booking, app/orders/course-booking/). Here, below both, so that either
 * writes its row the same way; app/inbox reads them.
 */
import type { Transaction } from "kysely";
import type { Attribution } from "~/forms/attribution.ts";
import type { PillarId } from "~/content/schema.ts";
import type { Database, InboxKind } from "./schema.ts";
import type { Db } from "./db.server.ts";
import { searchText } from "./search-text.ts";

/** What the inbox lists for a lead (the index row's fields). */
export type Listing = {
  /** "" where the kind asks for none. */
  name: string;
  email: string;
  company: string;
  /** The kind's reference to what it is about (service interest, guide name, resource or webinar id, a course's date; "" for none). */
  subject: string;
  pillar: PillarId | null;
  /** Searched with the rest ("" for none). */
  message: string;
};

/** Lists a stored lead (once: a newsletter address signing up again keeps its first row). */
export async function listLead(...lead: Parameters<typeof leadInsert>): Promise<void> {
  await leadInsert(...lead).execute();
}

/** The insert of a lead's row (listLead's), to run with others (app/orders/store.server.ts: insertTogether). */
export function leadInsert(
  trx: Transaction<Database>,
  lead: {
    kind: InboxKind;
    id: string;
    facts: { createdAt: string; isTest: boolean; sourcePage: string };
    listing: Listing;
    deadline: Date | null;
    attribution?: Attribution | null;
  },
) {
  const { kind, id, facts, listing, deadline, attribution } = lead;
  const email = listing.email.toLowerCase();
  return trx
    .insertInto("leads")
    .values({
      id,
      kind,
      created_at: facts.createdAt,
      is_test: facts.isTest ? 1 : 0,
      source_page: facts.sourcePage,
      name: listing.name,
      email,
      company: listing.company,
      subject: listing.subject,
      pillar: listing.pillar,
      status: "new",
      owner_id: null,
      updated_at: facts.createdAt,
      deadline_at: deadline?.toISOString() ?? null,
      search: searchText({ ...listing, email }),
      landing_page: attribution?.landingPage ?? null,
      referrer: attribution?.referrer ?? null,
      utm_source: attribution?.utmSource ?? null,
      utm_medium: attribution?.utmMedium ?? null,
      utm_campaign: attribution?.utmCampaign ?? null,
    })
    .onConflict((oc) => oc.column("id").doNothing());
}

/** Whether the inbox lists `id` (a record of a kind that lists only some: a back-office page links to it then). */
export async function isListed(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom("leads").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

/** What a kind the inbox lists shows on the lead's page besides its index row. */
export type ListedDetails = {
  /** Its fields, labelled, as the team reads them. */
  fields: [label: string, value: string][];
  /** What they agreed to: the consent line under a form, or the terms of a booking. */
  agreed: { heading: string; text: string };
  /** The record's own page in the back office, where it has one (a course booking's). */
  page?: { href: string; text: string };
};
