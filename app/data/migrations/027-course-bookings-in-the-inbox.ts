/** Migration 027, shipped 2026-11-27: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { anyTables, forEachBatch, listedLead } from "./helpers/rows.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Course bookings are listed in the inbox from now on, in the transaction
    // that places them (docs/decisions/058-course-bookings-in-the-inbox.md).
    // Those placed before are listed too: no pillar (a course's pillars are
    // content, not the booking's) and no visit (it was not kept); an erased
    // booker's are not (erasure removes the row).
    await forEachBatch(db, "course_bookings", { unerased: true }, async (rows) => {
      const listed = rows.map((r) =>
        listedLead(r, {
          kind: "course-booking",
          sourcePage: `/courses/${r.course_id}/book/${r.session_key}`,
          name: `${r.booker_name}`,
          email: `${r.booker_email}`.toLowerCase(),
          company: `${r.organisation}`,
          subject: r.session_key,
          pillar: null,
          message: `${r.reference} ${r.course_title} ${r.session_label}`,
        }),
      );
      await anyTables(db)
        .insertInto("leads")
        .values(listed)
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    });
  },
};
