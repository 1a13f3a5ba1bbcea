/** Migration 006, shipped 2026-11-24: frozen, never edited (./index.ts). */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { isPostgres } from "./helpers/dialect.ts";
import { anyTables, forEachBatch, listedLead, type Row } from "./helpers/rows.ts";
import { createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // One row per lead of every kind, written in the lead's transaction:
    // what the back office lists, filters, searches and works
    // (docs/decisions/024-lead-index.md).
    const postgres = isPostgres(db);
    await createTable(db, "leads", {
      // SQLite: an integer key the full-text index can point at (a text key's
      // hidden rowid may change on VACUUM).
      ...(postgres ? { id: "text primary key" } : { seq: "integer primary key", id: "text not null unique" }),
      kind: "text not null",
      created_at: "text not null",
      is_test: "integer not null",
      source_page: "text not null",
      name: "text not null",
      email: "text not null",
      company: "text not null",
      subject: "text not null",
      pillar: "text",
      status: "text not null",
      owner_id: "text",
      updated_at: "text not null",
      deadline_at: "text",
      search: "text not null",
    });
    await createIndexes(db, "leads", {
      leads_newest: "is_test, created_at, id",
      leads_kind: "kind, is_test, created_at, id",
      leads_status: "status, is_test, created_at, id",
      leads_owner: "owner_id, is_test, created_at, id",
      leads_pillar: "pillar, is_test, created_at, id",
      leads_deadline: "status, is_test, deadline_at, id",
      leads_email: "email",
    });
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
    await createTable(db, "lead_events", {
      id: "text primary key",
      lead_id: "text not null",
      at: "text not null",
      actor_id: "text",
      actor_name: "text not null",
      type: "text not null",
      body: "text not null",
    });
    await createIndexes(db, "lead_events", { lead_events_lead: "lead_id, at" });

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
