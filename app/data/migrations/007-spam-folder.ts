/** Migration 007, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Submissions refused as automated (honeypot, filled too fast): kept
    // 30 days for the team to check (app/spam/folder.server.ts).
    await createTable(db, "spam_submissions", {
      id: "text primary key",
      kind: "text not null",
      received_at: "text not null",
      reason: "text not null",
      fields_json: "text not null",
      email: "text not null",
      client_key: "text not null",
      source_page: "text not null",
    });
    await createIndexes(db, "spam_submissions", {
      spam_received: "received_at, id",
      spam_client: "client_key, received_at",
      spam_email: "email",
    });
  },
};
