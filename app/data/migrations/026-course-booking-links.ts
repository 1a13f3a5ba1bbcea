/** Migration 026, shipped 2026-11-27: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The booking link a booker opens their booking with (issue 29): only
    // the token's SHA-256 is kept, so a copy of the database opens no booking
    // (an id of its own: the retention job deletes rows by id).
    await db.schema
      .createTable("course_booking_links")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("booking_id", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("course_booking_links_booking")
      .on("course_booking_links")
      .column("booking_id")
      .execute();
  },
};
