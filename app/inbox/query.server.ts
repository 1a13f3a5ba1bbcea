/**
 * The inbox's reads: a page of leads for the filters (keyset pagination on
 * (created_at, id), or (deadline_at, id) for the deadline order, so a page
 * deep in a million leads costs what the first one does), and one lead with
 * everything about it. Full-text search uses each database's own index:
 * FTS5 on SQLite, a GIN-indexed tsvector on PostgreSQL
 * (docs/decisions/024-lead-index.md).
 */
import { addDays } from "~/time/london.ts";
import { campaignLabel } from "~/forms/attribution.ts";
import { sql } from "kysely";
import { isPostgres } from "~/data/dialect.ts";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { keysetPage } from "~/data/cursor.ts";
import { startOfLocalDay } from "~/time/london.ts";
import { decodeCursor, encodeCursor, type InboxFilters } from "./filters.ts";
import { searchWords } from "~/data/search-text.ts";

export const inboxPageSize = 50;
const timeZone = "Europe/London";

export type InboxRow = {
  id: string;
  kind: Database["leads"]["kind"];
  createdAt: string;
  name: string;
  email: string;
  company: string;
  subject: string;
  pillar: string | null;
  sourcePage: string;
  landingPage: string | null;
  referrer: string | null;
  campaign: string;
  status: Database["leads"]["status"];
  ownerName: string | null;
  deadlineAt: string | null;
};

export async function listLeads(
  db: Db,
  filters: InboxFilters,
  viewerId: string,
  after: string | null,
  pageSize: number = inboxPageSize,
): Promise<{ rows: InboxRow[]; next: string | null }> {
  const cursor = decodeCursor(after);
  const byDeadline = filters.sort === "deadline";
  const sortColumn = byDeadline ? "l.deadline_at" : "l.created_at";
  const words = searchWords(filters.q);
  const owner = filters.owner === "me" ? viewerId : filters.owner;

  let query = db
    .selectFrom("leads as l")
    .leftJoin("staff_users as u", "u.id", "l.owner_id")
    .select([
      "l.id",
      "l.kind",
      "l.created_at",
      "l.name",
      "l.email",
      "l.company",
      "l.subject",
      "l.pillar",
      "l.source_page",
      "l.landing_page",
      "l.referrer",
      "l.utm_source",
      "l.utm_medium",
      "l.utm_campaign",
      "l.status",
      "l.deadline_at",
      "u.name as owner_name",
    ])
    .where("l.is_test", "=", filters.test ? 1 : 0)
    .$if(filters.kind !== null, (q) => q.where("l.kind", "=", filters.kind!))
    .$if(filters.pillar !== null, (q) => q.where("l.pillar", "=", filters.pillar!))
    .$if(owner === "none", (q) => q.where("l.owner_id", "is", null))
    .$if(owner !== null && owner !== "none", (q) => q.where("l.owner_id", "=", owner!))
    .$if(filters.from !== null, (q) =>
      q.where("l.created_at", ">=", startOfLocalDay(filters.from!, timeZone).toISOString()),
    )
    .$if(filters.to !== null, (q) =>
      q.where("l.created_at", "<", startOfLocalDay(addDays(filters.to!, 1), timeZone).toISOString()),
    );

  if (byDeadline) {
    // Enquiries with an answer due: open ones (new) unless another status is asked for.
    query = query.where("l.deadline_at", "is not", null).where("l.status", "=", filters.status ?? "new");
  } else if (filters.status) {
    query = query.where("l.status", "=", filters.status);
  }

  const direction = byDeadline ? "asc" : "desc";
  let found: Awaited<ReturnType<typeof query.execute>>;
  if (words.length > 0 && !isPostgres(db) && !byDeadline) {
    // SQLite, newest first: the full-text index drives, newest stored
    // (highest key) first, and stops at a page; a common word costs what a
    // rare one does. "Newest" is the order leads were stored in, which is
    // the order they were received in. The cursor's id says where to go on.
    const fts = words.map((w) => `"${w}"*`).join(" ");
    found = await query
      .innerJoin(sql<{ rowid: number }>`leads_fts`.as("leads_fts"), (join) =>
        join.on(sql<boolean>`leads_fts.rowid = l.seq`),
      )
      .where(sql<boolean>`leads_fts match ${fts}`)
      .$if(cursor !== null, (q) =>
        q.where(sql<boolean>`leads_fts.rowid < (select seq from leads where id = ${cursor!.id})`),
      )
      .orderBy(sql`leads_fts.rowid`, "desc")
      .limit(pageSize + 1)
      .execute();
  } else {
    if (words.length > 0) {
      query = isPostgres(db)
        ? query.where(sql<boolean>`l.search_vector @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(" & ")})`)
        : query.where(
            sql<boolean>`l.seq in (select rowid from leads_fts where leads_fts match ${words.map((w) => `"${w}"*`).join(" ")})`,
          );
    }
    if (cursor) {
      query = query.where((eb) =>
        eb(eb.refTuple(sortColumn, "l.id"), byDeadline ? ">" : "<", eb.tuple(cursor.at, cursor.id)),
      );
    }
    found = await query
      .orderBy(sortColumn, direction)
      .orderBy("l.id", direction)
      .limit(pageSize + 1)
      .execute();
  }

  const { page, next } = keysetPage(found, pageSize, (last) =>
    encodeCursor({ at: (byDeadline ? last.deadline_at : last.created_at)!, id: last.id }),
  );
  return {
    rows: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      createdAt: r.created_at,
      name: r.name,
      email: r.email,
      company: r.company,
      subject: r.subject,
      pillar: r.pillar,
      sourcePage: r.source_page,
      landingPage: r.landing_page,
      referrer: r.referrer,
      campaign: campaignLabel({ utmSource: r.utm_source, utmMedium: r.utm_medium, utmCampaign: r.utm_campaign }),
      status: r.status,
      ownerName: r.owner_name,
      deadlineAt: r.deadline_at,
    })),
    next,
  };
}
