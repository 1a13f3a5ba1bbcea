/**
 * The site's content in the database (app/publishing/store/), on both
 * databases: the seed from the release's content (once per type, never
 * over the team's edits, safe from two instances at once), drafts that
 * change nothing public, publishing as revisions, the two-editors conflict,
 * unpublishing refused while the site refers to an item, restoring, and
 * scheduled publishing.
 */
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { buildCatalogue } from "~/content/index.server.ts";
import { releaseContent } from "~/content/seed/index.ts";
import { contentVersion, type ContentActor } from "~/publishing/store/core.server.ts";
import {
  createItem,
  deleteItem,
  publishDue,
  publishItem,
  restoreRevision,
  saveDraft,
  schedulePublish,
  unpublishItem,
} from "~/publishing/store/changes.server.ts";
import { listItems, publishedContent, readItem, readRevision } from "~/publishing/store/reading.server.ts";
import { seedContent } from "~/publishing/store/seeding.server.ts";
import { contentTypeNames } from "~/content/types.server.ts";
import { openDatabase, type Db } from "~/data/db.server.ts";
import { dialects, openTestDatabase } from "./databases.ts";
import { draftOverSeed, rowCount, withSeededContent } from "./fixtures.ts";

const ann: ContentActor = { id: "staff-ann", name: "Ann Editor" };
const ben: ContentActor = { id: "staff-ben", name: "Ben Editor" };
const start = new Date("2026-12-01T09:00:00Z");
const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

type Webinar = { id: string; title: string; description: string; startsAt: string; presenterTrainerId: string };
const firstWebinar = releaseContent.webinars[0] as Webinar;

describe.each(dialects)("content in the database on %s", (dialect) => {
  /** Runs `test` on a fresh database of this dialect, seeded from the release at `start`, with the two editors' accounts. */
  const withSeeded = (test: (db: Db) => Promise<void>) =>
    withSeededContent({ dialect, prefix: "content", at: start, editors: [ann, ben] }, test);

  it("seeds every type from the release once: what is published builds the release's catalogue", async () => {
    const t = await openTestDatabase(dialect, "content");
    try {
      const db = t.handle.db;
      expect(await seedContent(db, start)).toEqual({ seeded: contentTypeNames });
      const { source, version } = await publishedContent(db);
      expect(buildCatalogue(source)).toEqual(buildCatalogue(releaseContent));
      expect(version).toBe(contentTypeNames.length);
      const courses = await listItems(db, "course");
      expect(courses).toHaveLength(releaseContent.courses.length);
      expect(courses.every((c) => c.status === "live" && !c.changed)).toBe(true);
      const item = await readItem(db, "webinar", firstWebinar.id);
      expect(item?.revisions).toEqual([
        {
          revision: 1,
          publishedAt: start.toISOString(),
          publishedBy: "Release content",
          note: "Release content",
          live: true,
        },
      ]);

      // A later start (a later release) seeds nothing, and keeps the team's edits.
      const edited = { ...firstWebinar, title: "Supplier Tiering, Revisited" };
      expect(await draftOverSeed(db, "webinar", firstWebinar.id, edited, { actor: ann, now: later(1) })).toMatchObject({
        ok: true,
      });
      expect(await publishItem(db, { type: "webinar", key: firstWebinar.id, actor: ann, now: later(2) })).toMatchObject(
        { ok: true },
      );
      const otherRelease = { ...releaseContent, webinars: [{ ...firstWebinar, title: "The release's new title" }] };
      expect(await seedContent(db, later(3), otherRelease)).toEqual({ seeded: [] });
      const after = await publishedContent(db);
      expect((after.source.webinars as Webinar[]).map((w) => w.title)).toContain("Supplier Tiering, Revisited");
      expect((after.source.webinars as Webinar[]).map((w) => w.title)).not.toContain("The release's new title");
    } finally {
      await t.dispose();
    }
  });

  it("a draft changes nothing public; publishing makes it a revision with who and when, and moves the version", async () => {
    await withSeeded(async (db) => {
      const before = await publishedContent(db);
      const draft = { ...firstWebinar, title: "A Better Supplier Tiering Model" };
      const saved = await draftOverSeed(db, "webinar", firstWebinar.id, draft, { actor: ann, now: later(1) });
      expect(saved).toEqual({ ok: true, version: 2 });
      expect(await publishedContent(db)).toEqual(before);
      expect((await listItems(db, "webinar")).find((w) => w.key === firstWebinar.id)).toMatchObject({
        title: "A Better Supplier Tiering Model",
        status: "live",
        changed: true,
      });

      const published = await publishItem(db, { type: "webinar", key: firstWebinar.id, actor: ann, now: later(2) });
      expect(published).toEqual({ ok: true, revision: 2, version: before.version + 1, moved: null });
      const after = await publishedContent(db);
      expect(after.version).toBe(before.version + 1);
      expect((after.source.webinars as Webinar[])[0]!.title).toBe("A Better Supplier Tiering Model");
      const item = await readItem(db, "webinar", firstWebinar.id);
      expect(item?.revisions.map((r) => [r.revision, r.publishedBy, r.publishedAt, r.live])).toEqual([
        [2, "Ann Editor", later(2).toISOString(), true],
        [1, "Release content", start.toISOString(), false],
      ]);
      expect(await readRevision(db, "webinar", firstWebinar.id, 1)).toEqual(firstWebinar);
    });
  });

  it("the second of two editors who opened the same version is refused, and nothing of theirs is saved", async () => {
    await withSeeded(async (db) => {
      const annText = { ...firstWebinar, title: "Ann's Title for the Webinar" };
      const benText = { ...firstWebinar, title: "Ben's Title for the Webinar" };
      expect(await draftOverSeed(db, "webinar", firstWebinar.id, annText, { actor: ann, now: later(1) })).toMatchObject(
        { ok: true, version: 2 },
      );
      const refused = await draftOverSeed(db, "webinar", firstWebinar.id, benText, { actor: ben, now: later(2) });
      expect(refused).toMatchObject({
        ok: false,
        reason: "conflict",
        current: { version: 2, savedAt: later(1).toISOString() },
      });
      expect((await readItem(db, "webinar", firstWebinar.id))?.draft).toMatchObject({
        title: "Ann's Title for the Webinar",
      });
      // Publishing what one saw, after another's save, is refused too.
      expect(
        await publishItem(db, { type: "webinar", key: firstWebinar.id, actor: ben, now: later(3), baseVersion: 1 }),
      ).toMatchObject({ ok: false, reason: "conflict" });
      expect(await contentVersion(db)).toBe(contentTypeNames.length);
    });
  });

  it("a draft that fails its schema is refused field by field, the placeholder check included", async () => {
    await withSeeded(async (db) => {
      const bad = { ...firstWebinar, title: "", description: "TODO: write this", durationMinutes: 5 };
      const result = await draftOverSeed(db, "webinar", firstWebinar.id, bad, { actor: ann, now: later(1) });
      expect(result.ok).toBe(false);
      if (result.ok || result.reason !== "invalid") throw new Error("expected an invalid draft");
      expect(result.issues.map((i) => i.path).sort()).toEqual(["description", "durationMinutes", "title"]);
      expect(result.issues.find((i) => i.path === "description")?.message).toBe("copy contains a placeholder");
      expect((await readItem(db, "webinar", firstWebinar.id))?.draftVersion).toBe(1);
      // A webinar's id is fixed (registrations name it); courses' and articles' addresses move (content-addresses.test.ts).
      const moved = await draftOverSeed(
        db,
        "webinar",
        firstWebinar.id,
        { ...firstWebinar, id: "a-new-address" },
        { actor: ann, now: later(1) },
      );
      expect(moved).toMatchObject({ ok: false, reason: "invalid", issues: [{ path: "id" }] });
    });
  });

  it("a change that would break another page is refused with the reason; an item the site refers to cannot be unpublished", async () => {
    await withSeeded(async (db) => {
      const before = await contentVersion(db);
      const course = releaseContent.courses[0] as { id: string; relatedCourseIds: string[] };
      const broken = { ...course, relatedCourseIds: [course.relatedCourseIds[0], "no-such-course"] };
      expect(await draftOverSeed(db, "course", course.id, broken, { actor: ann, now: later(1) })).toMatchObject({
        ok: true,
      });
      const published = await publishItem(db, { type: "course", key: course.id, actor: ann, now: later(2) });
      expect(published).toMatchObject({ ok: false, reason: "refused" });
      expect(published.ok ? "" : published.message).toContain('related course "no-such-course" does not exist');

      const presenter = firstWebinar.presenterTrainerId;
      const unpublished = await unpublishItem(db, { type: "trainer", key: presenter, now: later(3) });
      expect(unpublished).toMatchObject({ ok: false, reason: "refused" });
      expect(unpublished.ok ? "" : unpublished.message).toMatch(
        /^It cannot be unpublished while the site refers to it: /,
      );
      expect(await unpublishItem(db, { type: "pillar", key: "strategy", now: later(3) })).toMatchObject({
        ok: false,
        reason: "refused",
      });
      expect(await contentVersion(db)).toBe(before);
      expect((await readItem(db, "trainer", presenter))?.status).toBe("live");

      expect(await unpublishItem(db, { type: "webinar", key: firstWebinar.id, now: later(4) })).toEqual({
        ok: true,
        version: before + 1,
      });
      const { source } = await publishedContent(db);
      expect((source.webinars as Webinar[]).map((w) => w.id)).not.toContain(firstWebinar.id);
      expect(() => buildCatalogue(source)).not.toThrow();
    });
  });

  it("any revision can be restored: it goes live as a new revision and becomes the draft", async () => {
    await withSeeded(async (db) => {
      const key = firstWebinar.id;
      await draftOverSeed(
        db,
        "webinar",
        key,
        { ...firstWebinar, title: "Second Title" },
        { actor: ann, now: later(1) },
      );
      await publishItem(db, { type: "webinar", key, actor: ann, now: later(2) });
      await unpublishItem(db, { type: "webinar", key, now: later(3) });
      expect(await restoreRevision(db, { type: "webinar", key, revision: 1, actor: ben, now: later(4) })).toMatchObject(
        { ok: true, revision: 3 },
      );
      const item = await readItem(db, "webinar", key);
      expect(item).toMatchObject({
        status: "live",
        publishedRevision: 3,
        draftVersion: 3,
        draft: firstWebinar,
        published: firstWebinar,
      });
      expect(item?.revisions[0]).toMatchObject({
        revision: 3,
        publishedBy: "Ben Editor",
        note: "Restored revision 1",
        live: true,
      });
      expect(await restoreRevision(db, { type: "webinar", key, revision: 9, actor: ben, now: later(5) })).toMatchObject(
        { ok: false, reason: "not-found" },
      );
    });
  });

  it("a restore or a delete from a page opened before another editor's save is refused, and their draft kept", async () => {
    await withSeeded(async (db) => {
      const key = firstWebinar.id;
      // Ann's page was opened at draft version 1; Ben saves meanwhile.
      const bens = { ...firstWebinar, title: "Ben's Newer Draft Title" };
      expect(await draftOverSeed(db, "webinar", key, bens, { actor: ben, now: later(1) })).toMatchObject({
        ok: true,
        version: 2,
      });
      const restore = await restoreRevision(db, {
        type: "webinar",
        key,
        revision: 1,
        actor: ann,
        now: later(2),
        baseVersion: 1,
      });
      expect(restore).toMatchObject({ ok: false, reason: "conflict", current: { version: 2 } });
      expect(restore.ok || restore.message).toMatch(/^Nothing was restored: someone else saved this item/);
      expect(await readItem(db, "webinar", key)).toMatchObject({ draftVersion: 2, draft: bens, publishedRevision: 1 });
      expect(await contentVersion(db)).toBe(contentTypeNames.length);
      // From the current version, it is restored.
      expect(
        await restoreRevision(db, { type: "webinar", key, revision: 1, actor: ann, now: later(3), baseVersion: 2 }),
      ).toMatchObject({ ok: true, revision: 2 });

      // A draft-only item: Ben saves after Ann opened it; her delete is refused.
      const draft = { ...firstWebinar, id: "a-draft-webinar", title: "A Draft Webinar" };
      expect(await createItem(db, { type: "webinar", data: draft, actor: ann, now: later(4) })).toMatchObject({
        ok: true,
      });
      const opened = (await readItem(db, "webinar", "a-draft-webinar"))!.draftVersion;
      expect(
        await saveDraft(db, {
          type: "webinar",
          key: "a-draft-webinar",
          data: { ...draft, title: "Ben Keeps This" },
          baseVersion: opened,
          actor: ben,
          now: later(5),
        }),
      ).toMatchObject({ ok: true });
      const deleted = await deleteItem(db, { type: "webinar", key: "a-draft-webinar", baseVersion: opened });
      expect(deleted).toMatchObject({ ok: false, reason: "conflict" });
      expect(deleted.ok || deleted.message).toMatch(/^Nothing was deleted: /);
      expect((await readItem(db, "webinar", "a-draft-webinar"))?.draft).toMatchObject({ title: "Ben Keeps This" });
      expect(await deleteItem(db, { type: "webinar", key: "a-draft-webinar", baseVersion: opened + 1 })).toMatchObject({
        ok: true,
      });
    });
  });

  it("a new item is a draft until published; a scheduled publish happens when due, and not before", async () => {
    await withSeeded(async (db) => {
      const next = {
        ...firstWebinar,
        id: "board-risk-appetite",
        title: "Setting a Board Risk Appetite",
        startsAt: "2027-05-12T12:30:00+01:00",
      };
      expect(await createItem(db, { type: "webinar", data: next, actor: ann, now: later(1) })).toEqual({
        ok: true,
        key: "board-risk-appetite",
      });
      expect(await createItem(db, { type: "webinar", data: next, actor: ann, now: later(1) })).toMatchObject({
        ok: false,
        reason: "invalid",
        issues: [{ path: "id" }],
      });
      expect(await createItem(db, { type: "pillar", data: {}, actor: ann, now: later(1) })).toMatchObject({
        ok: false,
        reason: "refused",
      });
      const ids = async () => ((await publishedContent(db)).source.webinars as Webinar[]).map((w) => w.id);
      expect(await ids()).not.toContain("board-risk-appetite");

      expect(
        await schedulePublish(db, { type: "webinar", key: next.id, at: later(0), actor: ann, now: later(2) }),
      ).toMatchObject({ ok: false });
      expect(
        await schedulePublish(db, { type: "webinar", key: next.id, at: later(60), actor: ann, now: later(2) }),
      ).toEqual({ ok: true });
      expect((await listItems(db, "webinar")).find((w) => w.key === next.id)).toMatchObject({
        status: "draft",
        publishAt: later(60).toISOString(),
      });
      expect(await publishDue(db, later(59))).toEqual({ published: [], failed: [] });
      expect(await ids()).not.toContain("board-risk-appetite");
      expect(await publishDue(db, later(60))).toEqual({ published: ["webinar:board-risk-appetite"], failed: [] });
      expect(await ids()).toContain("board-risk-appetite");
      const item = await readItem(db, "webinar", next.id);
      expect(item).toMatchObject({ status: "live", publishAt: null });
      expect(item?.revisions[0]).toMatchObject({ revision: 1, publishedBy: "Ann Editor", note: "Scheduled" });
      expect(await publishDue(db, later(61))).toEqual({ published: [], failed: [] });
    });
  });
});

// Several instances share one database only on PostgreSQL (an SQLite file has one site process).
describe("content in the database on postgres, from several instances", () => {
  it("two instances starting at once seed each item once", async () => {
    const t = await openTestDatabase("postgres", "content");
    const second = await openDatabase({ ...t.where, dataDir: tmpdir() });
    try {
      const [a, b] = await Promise.all([seedContent(t.handle.db, start), seedContent(second.db, start)]);
      expect([...a.seeded, ...b.seeded].sort()).toEqual([...contentTypeNames].sort());
      expect(await listItems(t.handle.db, "course")).toHaveLength(releaseContent.courses.length);
      expect(await rowCount(t.handle.db, "content_revisions")).toBe(await rowCount(t.handle.db, "content_items"));
      const { source } = await publishedContent(t.handle.db);
      expect(buildCatalogue(source)).toEqual(buildCatalogue(releaseContent));
    } finally {
      await second.close();
      await t.dispose();
    }
  });
});
