/** Migration 027, shipped 2026-11-27: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { searchText } from "./helpers/search-text.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Course bookings are listed in the inbox from now on, in the transaction
    // that places them (docs/decisions/058-course-bookings-in-the-inbox.md).
    // Those placed before are listed too: no pillar (a course's pillars are
    // content, not the booking's) and no visit (it was not kept); an erased
    // booker's are not (erasure removes the row).
    type Row = Record<string, string | number | null>;
    const anyDb = db as Kysely<Record<string, Row>>;
    let after = "";
    for (;;) {
      const rows = await anyDb
        .selectFrom("course_bookings")
        .selectAll()
        .where("id", ">", after)
        .where("erased_at", "is", null)
        .orderBy("id")
        .limit(500)
        .execute();
      if (rows.length === 0) break;
      after = String(rows.at(-1)!.id);
      await anyDb
        .insertInto("leads")
        .values(
          rows.map((r) => {
            const [name, email, company] = [`${r.booker_name}`, `${r.booker_email}`.toLowerCase(), `${r.organisation}`];
            return {
              id: r.id,
              kind: "course-booking",
              created_at: r.created_at,
              is_test: r.is_test,
              source_page: `/courses/${r.course_id}/book/${r.session_key}`,
              name,
              email,
              company,
              subject: r.session_key,
              pillar: null,
              status: "new",
              owner_id: null,
              updated_at: r.created_at,
              deadline_at: null,
              search: searchText({
                name,
                email,
                company,
                message: `${r.reference} ${r.course_title} ${r.session_label}`,
              }),
            };
          }),
        )
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
  },
};
