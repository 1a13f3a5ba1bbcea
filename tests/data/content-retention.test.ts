/**
 * The retention job and the site's content (issue 37, ADR 062), on both
 * databases: versions published before the period go, except each item's
 * live revision and its last `keptRevisions`; an uploaded guide PDF goes
 * once no draft and no remaining revision names it and its period since the
 * upload is over, never one still named.
 */
import { describe, expect, it } from "vitest";
import { keptRevisions } from "~/content/retention-periods.ts";
import type { Db } from "~/data/db.server.ts";
import { applyRetention } from "~/retention/job.server.ts";
import { dialects, openTestDatabase } from "./databases.ts";

const now = new Date("2030-06-15T10:00:00.000Z");
/** 24 months before `now`: the revisions' cutoff. */
const edge = "2028-06-15T10:00:00.000Z";
const longAgo = "2027-01-01T10:00:00.000Z";
const fileId = (c: string) => c.repeat(64);

describe.each(dialects)("content retention on %s", (dialect) => {
  async function withDb(test: (db: Db) => Promise<void>) {
    const t = await openTestDatabase(dialect, "cret");
    try {
      await test(t.handle.db);
    } finally {
      await t.dispose();
    }
  }

  /** An item of `type` with revisions 1..`count` published at `at(n)`; `live` is on the site; its draft names `draftPdf`. */
  async function item(
    db: Db,
    type: string,
    key: string,
    count: number,
    live: number | null,
    at: (n: number) => string,
    pdfOf: (n: number) => string | null = () => null,
    draftPdf: string | null = null,
  ) {
    await db
      .insertInto("content_items")
      .values({
        type,
        key,
        position: 0,
        draft: JSON.stringify({ id: key, ...(draftPdf ? { pdf: draftPdf } : {}) }),
        draft_version: 1,
        draft_saved_at: longAgo,
        draft_saved_by: null,
        status: live === null ? "unpublished" : "live",
        published_revision: live,
        publish_at: null,
        publish_at_by: null,
      })
      .execute();
    for (let n = 1; n <= count; n++) {
      const pdf = pdfOf(n);
      await db
        .insertInto("content_revisions")
        .values({
          type,
          key,
          revision: n,
          data: JSON.stringify({ id: key, ...(pdf ? { pdf } : {}) }),
          published_at: at(n),
          published_by: null,
          published_by_name: "Ann Editor",
          note: "Published",
        })
        .execute();
    }
  }

  const revisionsOf = async (db: Db, key: string) =>
    (
      await db.selectFrom("content_revisions").select("revision").where("key", "=", key).orderBy("revision").execute()
    ).map((r) => Number(r.revision));

  it("deletes old revisions but the live one and the last ones of each item; then the guide PDFs nothing names", async () => {
    await withDb(async (db) => {
      const old = (n: number) => new Date(Date.parse(longAgo) + n * 60_000).toISOString();
      // 15 revisions, all older than the period; revision 3 is on the site (restored). File "a" in revision 1 only, "b" in 14.
      await item(db, "trainer", "ann-trainer", 15, 3, old);
      await item(
        db,
        "guide",
        "risk-guide",
        15,
        15,
        old,
        (n) => (n === 1 ? fileId("a") : n === 14 ? fileId("b") : null),
        fileId("c"),
      );
      // Within the period (exactly at the cutoff, and after): all kept, however many.
      await item(db, "article", "recent", 12, 12, (n) => (n === 1 ? edge : now.toISOString()));
      const file = (id: string, uploadedAt: string) => ({
        id,
        guide_id: "risk-guide",
        file_name: "guide.pdf",
        size: 3,
        pages: 1,
        bytes: new Uint8Array([1, 2, 3]),
        uploaded_at: uploadedAt,
        uploaded_by: null,
        uploaded_by_name: "Ann Editor",
      });
      await db
        .insertInto("guide_files")
        .values([
          file(fileId("a"), longAgo), // only in revision 1, which goes: goes
          file(fileId("b"), longAgo), // in revision 14, kept: stays
          file(fileId("c"), longAgo), // in the draft: stays
          file(fileId("d"), longAgo), // named nowhere, uploaded long ago: goes
          file(fileId("e"), new Date(now.getTime() - 29 * 86_400_000).toISOString()), // named nowhere, 29 days: stays
        ])
        .execute();

      const counts = await applyRetention({ db, webinars: [] }, now);
      const lastOnes = Array.from({ length: keptRevisions }, (_, i) => 15 - keptRevisions + 1 + i);
      expect(await revisionsOf(db, "ann-trainer")).toEqual([3, ...lastOnes]);
      expect(await revisionsOf(db, "risk-guide")).toEqual(lastOnes);
      expect(await revisionsOf(db, "recent")).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      expect(counts.content_revisions).toBe(4 + 5);
      const files = (await db.selectFrom("guide_files").select("id").orderBy("id").execute()).map((r) => r.id[0]);
      expect(files).toEqual(["b", "c", "e"]);
      expect(counts.guide_files).toBe(2);

      // A second run changes nothing.
      expect(await applyRetention({ db, webinars: [] }, now)).toMatchObject({ content_revisions: 0, guide_files: 0 });
    });
  });
});
