/** Migration 042, shipped: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { addColumns } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A session the team cancels is closed: no place is taken on it any more
    // (a booking, a waiting list's offer), whatever its capacity says.
    await addColumns(db, "course_session_places", { closed_at: "text" });
  },
};
