/**
 * Writes a lead's row in the inbox's index (the `leads` table), in the
 * lead's own transaction (docs/decisions/024-lead-index.md).
 */
import type { Attribution } from "~/forms/attribution.ts";
import type { Transaction } from "kysely";
import type { Database } from "~/data/schema.ts";
import type { FormKind } from "~/forms/schemas.ts";
import type { Listing } from "~/leads/kinds/kind.server.ts";
import type { LeadFacts } from "~/mail/types.ts";
import { searchText } from "~/data/search-text.ts";

/** Lists a stored lead (once: a newsletter address signing up again keeps its first row). */
export async function listLead(
  trx: Transaction<Database>,
  lead: {
    kind: FormKind;
    id: string;
    facts: LeadFacts;
    listing: Listing;
    deadline: Date | null;
    attribution?: Attribution | null;
  },
): Promise<void> {
  const { kind, id, facts, listing, deadline, attribution } = lead;
  const email = listing.email.toLowerCase();
  await trx
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
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}
