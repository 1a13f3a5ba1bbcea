/** Migration 003, shipped 2026-11-23: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { addColumns, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Who holds a lease: a dead owner's leases are taken back at once
    // (app/mail/outbox.server.ts, docs/decisions/009-outbox-lease-owners.md).
    await addColumns(db, "outbox", { locked_by: "text" });
    await createTable(db, "outbox_workers", {
      id: "text primary key",
      host: "text not null",
      pid: "integer not null",
      process_id: "text not null",
      started_at: "text not null",
      heartbeat_at: "text not null",
    });
  },
};
