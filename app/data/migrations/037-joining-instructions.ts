/** Migration 037, shipped 2026-11-30: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // One row per delegate per booking once their joining instructions are
    // sent (issue 41, docs/decisions/082-joining-instructions.md): the row
    // is the record that they were (written in the transaction that queues
    // the e-mail; the unique pair makes a second one impossible), the
    // reminder's time, the pre-course questionnaire's link as its SHA-256
    // only, and the delegate's answers. `instructions_sent_at` is emptied
    // when the booking moves to another date (ADR 081): the instructions for
    // the new date are then due, with a new link, and the answers stay.
    // `email` is the delegate's address,
    // lower-cased: erasure and the booking's deletion take the row; the
    // retention job empties access_needs and dietary_needs 14 days after
    // the course.
    await createTable(
      db,
      "course_joining",
      {
        id: "text primary key",
        booking_id: "text not null",
        email: "text not null",
        token_hash: "text not null unique",
        instructions_sent_at: "text",
        reminder_sent_at: "text",
        objectives: "text",
        experience: "text",
        access_needs: "text",
        dietary_needs: "text",
        answered_at: "text",
        created_at: "text not null",
      },
      (t) => t.addUniqueConstraint("course_joining_delegate", ["booking_id", "email"]),
    );
    await createIndexes(db, "course_joining", { course_joining_email: "email" });
  },
};
