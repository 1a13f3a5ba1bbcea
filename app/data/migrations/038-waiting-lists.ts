/** Migration 038, shipped 2026-11-30: frozen, never edited (./index.ts). */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A full date's waiting list (issue 41, docs/decisions/083-waiting-lists.md):
    // one row per request. `state` is unconfirmed (its confirmation link,
    // as SHA-256 only, e-mailed to the address), waiting (in `position`
    // order, then confirmation time), offered (its places taken from the
    // session's and held for it until offer_expires_at; the offer's link as
    // SHA-256 only), accepted (booking_id the booking made with the held
    // places) or lapsed. The session's times are kept so the retention job
    // can delete the row 30 days after it ends (an unconfirmed one after 7
    // days); erasure of the address deletes it.
    await createTable(
      db,
      "course_waiting",
      {
        id: "text primary key",
        session_key: "text not null",
        course_id: "text not null",
        session_starts_at: "text not null",
        session_ends_at: "text not null",
        name: "text not null",
        email: "text not null",
        organisation: "text not null",
        places: "integer not null",
        state: "text not null",
        position: "integer not null default 0",
        confirm_hash: "text unique",
        offer_hash: "text unique",
        offer_expires_at: "text",
        booking_id: "text",
        created_at: "text not null",
        confirmed_at: "text",
        offered_at: "text",
        ended_at: "text",
        is_test: "integer not null default 0",
      },
      (t) =>
        t
          .addCheckConstraint("course_waiting_places", sql`places >= 1`)
          .addCheckConstraint(
            "course_waiting_state",
            sql`state in ('unconfirmed', 'waiting', 'offered', 'accepted', 'lapsed')`,
          ),
    );
    await createIndexes(db, "course_waiting", {
      course_waiting_session: "session_key, state",
      course_waiting_email: "email",
    });
  },
};
