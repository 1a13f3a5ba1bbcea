/** Migration 006, shipped 2026-11-24: frozen, never edited (./index.ts). */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { isPostgres } from "./helpers/dialect.ts";
import { anyTables, forEachBatch, listedLead, type Row } from "./helpers/rows.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // One row per lead of every kind, written in the lead's transaction:
    // what the back office lists, filters, searches and works
    // (docs/decisions/024-lead-index.md).
    const postgres = isPostgres(db);
    let table = db.schema.createTable("leads");
    // SQLite: an integer key the full-text index can point at (a text key's
    // hidden rowid may change on VACUUM).
    table = postgres
      ? table.addColumn("id", "text", (c) => c.primaryKey())
      : table.addColumn("seq", "integer", (c) => c.primaryKey()).addColumn("id", "text", (c) => c.notNull().unique());
    await table
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("is_test", "integer", (c) => c.notNull())
      .addColumn("source_page", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("company", "text", (c) => c.notNull())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("pillar", "text")
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("owner_id", "text")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("deadline_at", "text")
      .addColumn("search", "text", (c) => c.notNull())
      .execute();
    const index = (name: string, columns: string[]) =>
      db.schema.createIndex(name).on("leads").columns(columns).execute();
    await index("leads_newest", ["is_test", "created_at", "id"]);
    await index("leads_kind", ["kind", "is_test", "created_at", "id"]);
    await index("leads_status", ["status", "is_test", "created_at", "id"]);
    await index("leads_owner", ["owner_id", "is_test", "created_at", "id"]);
    await index("leads_pillar", ["pillar", "is_test", "created_at", "id"]);
    await index("leads_deadline", ["status", "is_test", "deadline_at", "id"]);
    await index("leads_email", ["email"]);
    if (postgres) {
      await sql`alter table leads add column search_vector tsvector generated always as (to_tsvector('simple', search)) stored`.execute(
        db,
      );
      await sql`create index leads_search on leads using gin (search_vector)`.execute(db);
    } else {
      await sql`create virtual table leads_fts using fts5(search, content='leads', content_rowid='seq', tokenize='unicode61 remove_diacritics 2')`.execute(
        db,
      );
      await sql`create trigger leads_fts_insert after insert on leads begin
          insert into leads_fts(rowid, search) values (new.seq, new.search); end`.execute(db);
      await sql`create trigger leads_fts_delete after delete on leads begin
          insert into leads_fts(leads_fts, rowid, search) values ('delete', old.seq, old.search); end`.execute(db);
      await sql`create trigger leads_fts_update after update of search on leads begin
          insert into leads_fts(leads_fts, rowid, search) values ('delete', old.seq, old.search);
          insert into leads_fts(rowid, search) values (new.seq, new.search); end`.execute(db);
    }

    // What happened to a lead in the back office: status and owner changes, notes.
    await db.schema
      .createTable("lead_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("actor_id", "text")
      .addColumn("actor_name", "text", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("lead_events_lead").on("lead_events").columns(["lead_id", "at"]).execute();

    // Leads stored before this are listed too: their subject is the stored
    // reference, their pillar only where the reference is one, and they
    // have no deadline (they were answered from the e-mails).
    const pillars = new Set(["risk-grc", "accounting-auditing", "strategy", "sustainability"]);
    const kinds: [
      table: string,
      kind: string,
      map: (r: Row) => [name: string, company: string, subject: string, message: string],
    ][] = [
      ["contact_enquiries", "contact", (r) => [`${r.name}`, `${r.company}`, `${r.service_interest}`, `${r.message}`]],
      [
        "guide_requests",
        "guideRequest",
        (r) => [`${r.first_name} ${r.last_name}`, `${r.company}`, `${r.guide_name}`, ""],
      ],
      ["resource_downloads", "resourceDownload", (r) => ["", "", `${r.resource_id}`, ""]],
      ["newsletter_subscriptions", "newsletter", () => ["", "", "", ""]],
      ["webinar_registrations", "webinarRegistration", (r) => [`${r.name}`, `${r.company}`, `${r.webinar_id}`, ""]],
    ];
    for (const [from, kind, map] of kinds) {
      await forEachBatch(db, from, {}, async (rows) => {
        const listed = rows.map((r) => {
          const [name, company, subject, message] = map(r);
          const email = String(r.email).toLowerCase();
          const pillar = pillars.has(subject) ? subject : null;
          return listedLead(r, { kind, sourcePage: r.source_page, name, email, company, subject, pillar, message });
        });
        await anyTables(db).insertInto("leads").values(listed).execute();
      });
    }
  },
};
