/** Migration 026, shipped 2026-11-27: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The booking link a booker opens their booking with (issue 29): only
    // the token's SHA-256 is kept, so a copy of the database opens no booking
    // (an id of its own: the retention job deletes rows by id).
    await createTable(db, "course_booking_links", {
      id: "text primary key",
      token_hash: "text not null unique",
      booking_id: "text not null",
      created_at: "text not null",
    });
    await createIndexes(db, "course_booking_links", { course_booking_links_booking: "booking_id" });
  },
};
