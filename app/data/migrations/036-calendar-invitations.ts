/** Migration 036, shipped 2026-11-29: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // One calendar invitation per delegate per booked session (issue 41): a
    // UID that never changes and the SEQUENCE last sent, which rises with
    // every update and cancellation, and what the invitation last said (so
    // a change of the session is noticed and sent as an update, and a
    // cancellation names the event as it was). `email` is the delegate's
    // address, lower-cased: erasure and the booking's deletion take the row.
    await createTable(
      db,
      "course_invitations",
      {
        id: "text primary key",
        booking_id: "text not null",
        email: "text not null",
        uid: "text not null unique",
        sequence: "integer not null",
        state: "text not null",
        said: "text not null",
        created_at: "text not null",
        updated_at: "text not null",
      },
      (t) => t.addUniqueConstraint("course_invitations_delegate", ["booking_id", "email"]),
    );
    await createIndexes(db, "course_invitations", { course_invitations_email: "email" });
  },
};
