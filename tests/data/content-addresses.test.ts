/**
 * Addresses that move, and deleting (docs/decisions/047-addresses-move.md),
 * on both databases: a course's id changed in a draft changes nothing
 * public; published, each old path (page, brochure) leads to the new one;
 * chains collapse; an old address live again (the item moved back, or
 * another item there) ends its redirect; an address another item has, or a
 * bad one, is refused on its field; a course something refers to keeps its
 * address, with who refers to it; redirects of an unpublished item are not
 * served; delete only what is off the site and referred to by nothing; the
 * site map's publish times per page.
 */
import { describe, expect, it } from "vitest";
import { releaseContent, releaseCourseRedirects } from "~/content/seed/index.ts";
import { contentVersion, type ContentActor } from "~/publishing/store/core.server.ts";
import {
  createItem,
  deleteItem,
  publishItem,
  restoreRevision,
  saveDraft,
  unpublishItem,
} from "~/publishing/store/changes.server.ts";
import { publishedContent, readItem } from "~/publishing/store/reading.server.ts";
import { seedContent } from "~/publishing/store/seeding.server.ts";
import type { ContentType } from "~/content/types.server.ts";
import type { Db } from "~/data/db.server.ts";
import { dialects } from "./databases.ts";
import { draftOverSeed, withSeededContent } from "./fixtures.ts";

const ann: ContentActor = { id: null, name: "Ann Editor" };
const start = new Date("2026-12-01T09:00:00Z");
const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

type Course = { id: string; title: string; relatedCourseIds: string[] };
type Article = { slug: string; title: string; authorTrainerId: string };
type Trainer = { id: string; name: string };
/** The one course nothing refers to (no related course, no pillar, no featured list). */
const course = (releaseContent.courses as Course[]).find((c) => c.id === "finance-for-non-financial")!;
const riskManagement = (releaseContent.courses as Course[]).find((c) => c.id === "risk-management")!;
const article = releaseContent.articles[0] as Article;
const releasePaths = releaseCourseRedirects.flatMap(({ from, to }) => [
  { from: `/courses/${from}`, to: `/courses/${to}` },
  { from: `/courses/${from}/brochure.pdf`, to: `/courses/${to}/brochure.pdf` },
]);
const releaseFrom = new Set(releasePaths.map((r) => r.from));
const byFrom = (a: { from: string }, b: { from: string }) => a.from.localeCompare(b.from);

describe.each(dialects)("addresses and deleting on %s", (dialect) => {
  const withSeeded = (test: (db: Db) => Promise<void>) =>
    withSeededContent({ dialect, prefix: "addresses", at: start }, test);

  /** Ann's first edit of an item as the release seeded it: `data` saved as its draft `at`. */
  const saveFirstDraft = (db: Db, type: ContentType, key: string, data: unknown, at: Date) =>
    draftOverSeed(db, type, key, data, { actor: ann, now: at });

  /** Saves `data` as the item's draft over its current version, then publishes it. */
  async function publish(db: Db, type: ContentType, key: string, data: unknown, at: Date) {
    const item = await readItem(db, type, key);
    const saved = await saveDraft(db, { type, key, data, baseVersion: item!.draftVersion, actor: ann, now: at });
    expect(saved).toMatchObject({ ok: true });
    return publishItem(db, { type, key, actor: ann, now: at });
  }

  /** The redirects served now, but the release's of the old site's course ids (tested on their own). */
  const redirects = async (db: Db) => (await publishedContent(db)).redirects.filter((r) => !releaseFrom.has(r.from));
  const oldPaths = (from: string, to: string) => [
    { from: `/courses/${from}`, to: `/courses/${to}` },
    { from: `/courses/${from}/brochure.pdf`, to: `/courses/${to}/brochure.pdf` },
  ];

  it("a course's new id: nothing public in a draft; published, its old paths lead to the new; chains collapse; moving back ends them", async () => {
    await withSeeded(async (db) => {
      const key = course.id;
      const before = await publishedContent(db);
      expect(await redirects(db)).toEqual([]);
      expect(await saveFirstDraft(db, "course", key, { ...course, id: "finance-basics" }, later(1))).toMatchObject({
        ok: true,
      });
      expect(await publishedContent(db)).toEqual(before);

      const first = await publishItem(db, { type: "course", key, actor: ann, now: later(2) });
      expect(first).toMatchObject({ ok: true, moved: { from: course.id, to: "finance-basics" } });
      const after = await publishedContent(db);
      expect((after.source.courses as Course[]).map((c) => c.id)).toContain("finance-basics");
      expect((after.source.courses as Course[]).map((c) => c.id)).not.toContain(course.id);
      expect(after.redirects.filter((r) => !releaseFrom.has(r.from))).toEqual(
        oldPaths(course.id, "finance-basics").sort(byFrom),
      );
      // The key stays: the editor's address of the item does not move.
      expect((await readItem(db, "course", key))?.draft).toMatchObject({ id: "finance-basics" });
      // The page's publish time, for the site map; the release's seed is not a publish.
      expect(after.published).toEqual([{ path: "/courses/finance-basics", at: later(2).toISOString() }]);

      // a→b then b→c: a→c and b→c.
      expect(await publish(db, "course", key, { ...course, id: "finance-for-managers" }, later(3))).toMatchObject({
        ok: true,
        moved: { from: "finance-basics", to: "finance-for-managers" },
      });
      expect(await redirects(db)).toEqual(
        [...oldPaths(course.id, "finance-for-managers"), ...oldPaths("finance-basics", "finance-for-managers")].sort(
          byFrom,
        ),
      );

      // Back to the first address: its redirects end, the others lead there.
      expect(await publish(db, "course", key, course, later(4))).toMatchObject({
        ok: true,
        moved: { from: "finance-for-managers", to: course.id },
      });
      expect(await redirects(db)).toEqual(
        [...oldPaths("finance-basics", course.id), ...oldPaths("finance-for-managers", course.id)].sort(byFrom),
      );

      // A restore of an old revision moves it too.
      expect(await restoreRevision(db, { type: "course", key, revision: 2, actor: ann, now: later(5) })).toMatchObject({
        ok: true,
        moved: { from: course.id, to: "finance-basics" },
      });
      expect((await redirects(db)).map((r) => r.from)).not.toContain("/courses/finance-basics");
      expect((await redirects(db)).every((r) => r.to.startsWith("/courses/finance-basics"))).toBe(true);
    });
  });

  it("the release's redirects of the old site's course ids are seeded once, and end when a course takes one of those ids", async () => {
    await withSeeded(async (db) => {
      expect((await publishedContent(db)).redirects).toEqual(releasePaths.toSorted(byFrom));
      // A database whose courses were seeded before redirects were data gets them on its next start.
      await db.deleteFrom("content_redirects").execute();
      await db.deleteFrom("content_seeds").where("type", "=", "release-redirects").execute();
      const version = await contentVersion(db);
      expect(await seedContent(db, later(1))).toEqual({ seeded: [] });
      expect(await contentVersion(db)).toBe(version + 1);
      expect(await seedContent(db, later(2))).toEqual({ seeded: [] });
      expect(await contentVersion(db)).toBe(version + 1);
      expect((await publishedContent(db)).redirects).toEqual(releasePaths.toSorted(byFrom));

      const old = releaseCourseRedirects[2]!.from;
      expect(await publish(db, "course", course.id, { ...course, id: old }, later(3))).toMatchObject({ ok: true });
      const served = (await publishedContent(db)).redirects;
      expect(served.map((r) => r.from)).not.toContain(`/courses/${old}`);
      expect(served).toContainEqual({ from: `/courses/${course.id}`, to: `/courses/${old}` });
    });
  });

  it("an address another item has, or one that is not a slug, is refused on its field; a type whose id is fixed keeps it", async () => {
    await withSeeded(async (db) => {
      const taken = await saveFirstDraft(db, "course", course.id, { ...course, id: riskManagement.id }, later(1));
      expect(taken).toMatchObject({ ok: false, reason: "invalid", issues: [{ path: "id" }] });
      expect(taken.ok ? "" : taken.reason === "invalid" && taken.issues[0]!.message).toBe(
        `"${riskManagement.id}" is the address of another course ("${riskManagement.title}"): choose another.`,
      );
      const bad = await saveFirstDraft(db, "course", course.id, { ...course, id: "Finance Basics" }, later(1));
      expect(bad).toMatchObject({
        ok: false,
        reason: "invalid",
        issues: [{ path: "id", message: "must be a lowercase slug" }],
      });
      // A new article at another's slug is refused the same way.
      expect(
        await createItem(db, {
          type: "article",
          data: { ...article, title: "Another Article" },
          actor: ann,
          now: later(1),
        }),
      ).toMatchObject({ ok: false, reason: "invalid", issues: [{ path: "slug" }] });

      const pillar = releaseContent.pillars[0] as { id: string };
      expect(await saveFirstDraft(db, "pillar", pillar.id, { ...pillar, id: "risk" }, later(1))).toMatchObject({
        ok: false,
        reason: "invalid",
      });
      const trainer = releaseContent.trainers[0] as Trainer;
      expect(
        await saveFirstDraft(db, "trainer", trainer.id, { ...trainer, id: "someone-else" }, later(1)),
      ).toMatchObject({
        ok: false,
        reason: "invalid",
        issues: [{ path: "id", message: `A trainer's id cannot change: keep "${trainer.id}".` }],
      });
    });
  });

  it("a course something refers to keeps its address: the publish is refused with who refers to it", async () => {
    await withSeeded(async (db) => {
      const version = await contentVersion(db);
      const result = await publish(
        db,
        "course",
        riskManagement.id,
        { ...riskManagement, id: "managing-risk" },
        later(1),
      );
      expect(result).toMatchObject({ ok: false, reason: "refused" });
      const message = result.ok ? "" : result.message;
      expect(message).toMatch(/^Its address cannot change from "risk-management" while /);
      const referrer = (releaseContent.courses as Course[]).find((c) =>
        c.relatedCourseIds.includes(riskManagement.id),
      )!;
      expect(message).toContain(`Course "${referrer.title}" (related courses)`);
      expect(message).toContain(
        `"Featured courses (home page, header and footer)" (the home page's featured courses, `,
      );
      expect(message).toContain("the Training menu's featured courses");
      expect(message).toMatch(/refer to it: change those first, or keep the address\.$/);
      expect(await contentVersion(db)).toBe(version);
      expect(await redirects(db)).toEqual([]);
    });
  });

  it("an old address given to another item ends its redirect; an unpublished item's redirects are not served", async () => {
    await withSeeded(async (db) => {
      const moved = { ...article, slug: "a-moved-article" };
      expect(await publish(db, "article", article.slug, moved, later(1))).toMatchObject({ ok: true });
      expect(await redirects(db)).toEqual([{ from: `/resources/${article.slug}`, to: "/resources/a-moved-article" }]);
      // Its old slug is free again: a new article takes it (stored under another key, the first keeps its own).
      const newcomer = { ...article, title: "A Newcomer at the Old Address" };
      const created = await createItem(db, { type: "article", data: newcomer, actor: ann, now: later(2) });
      expect(created).toEqual({ ok: true, key: `${article.slug}-2` });
      expect(await redirects(db)).toHaveLength(1);
      expect(
        await publishItem(db, { type: "article", key: `${article.slug}-2`, actor: ann, now: later(3) }),
      ).toMatchObject({ ok: true, moved: null });
      expect(await redirects(db)).toEqual([]);
      // The first cannot go back while the newcomer is there.
      const back = await restoreRevision(db, {
        type: "article",
        key: article.slug,
        revision: 1,
        actor: ann,
        now: later(4),
      });
      expect(back).toMatchObject({ ok: false, reason: "invalid", issues: [{ path: "slug" }] });

      // Redirects lead only to what is on the site.
      const other = releaseContent.articles[1] as Article;
      expect(
        await publish(db, "article", other.slug, { ...other, slug: "another-moved-article" }, later(5)),
      ).toMatchObject({ ok: true });
      expect(await redirects(db)).toHaveLength(1);
      expect(await unpublishItem(db, { type: "article", key: other.slug, now: later(6) })).toMatchObject({ ok: true });
      expect(await redirects(db)).toEqual([]);
      expect(
        await restoreRevision(db, { type: "article", key: other.slug, revision: 2, actor: ann, now: later(7) }),
      ).toMatchObject({ ok: true, moved: null });
      expect(await redirects(db)).toEqual([
        { from: `/resources/${other.slug}`, to: "/resources/another-moved-article" },
      ]);
    });
  });

  it("only an item off the site that nothing refers to can be deleted; its revisions and redirects go with it", async () => {
    await withSeeded(async (db) => {
      // Never published: deleted.
      const draft = { ...article, slug: "a-draft-article", title: "A Draft Article" };
      expect(await createItem(db, { type: "article", data: draft, actor: ann, now: later(1) })).toMatchObject({
        ok: true,
      });
      expect(await deleteItem(db, { type: "article", key: "a-draft-article" })).toEqual({
        ok: true,
        title: "A Draft Article",
        revisions: 0,
      });
      expect(await readItem(db, "article", "a-draft-article")).toBeNull();

      // On the site: unpublish first. Unpublished: deleted with its revisions and redirects.
      const live = await deleteItem(db, { type: "article", key: article.slug });
      expect(live).toEqual({
        ok: false,
        reason: "refused",
        message: "It is on the site: unpublish it first, then delete it.",
      });
      expect(
        await publish(db, "article", article.slug, { ...article, slug: "moved-then-deleted" }, later(2)),
      ).toMatchObject({ ok: true });
      expect(await unpublishItem(db, { type: "article", key: article.slug, now: later(3) })).toMatchObject({
        ok: true,
      });
      expect(await deleteItem(db, { type: "article", key: article.slug })).toMatchObject({ ok: true, revisions: 2 });
      expect(await db.selectFrom("content_redirects").selectAll().where("key", "=", article.slug).execute()).toEqual(
        [],
      );
      expect(await db.selectFrom("content_revisions").selectAll().where("key", "=", article.slug).execute()).toEqual(
        [],
      );

      // Referred to (by another item's draft): refused, naming it.
      const trainer = { ...(releaseContent.trainers[0] as Trainer), id: "new-trainer", name: "Nia Newton" };
      expect(await createItem(db, { type: "trainer", data: trainer, actor: ann, now: later(4) })).toMatchObject({
        ok: true,
      });
      const author = releaseContent.articles[1] as Article;
      expect(
        await saveFirstDraft(db, "article", author.slug, { ...author, authorTrainerId: "new-trainer" }, later(5)),
      ).toMatchObject({ ok: true });
      expect(await deleteItem(db, { type: "trainer", key: "new-trainer" })).toEqual({
        ok: false,
        reason: "refused",
        message: `It cannot be deleted while Article "${author.title}" (author) refers to it: change that first, or keep it unpublished.`,
      });
      expect(await readItem(db, "trainer", "new-trainer")).not.toBeNull();

      // A webinar someone registered for: refused (their registration names it).
      const webinar = { ...(releaseContent.webinars[0] as { id: string }), id: "a-registered-webinar" };
      expect(await createItem(db, { type: "webinar", data: webinar, actor: ann, now: later(6) })).toMatchObject({
        ok: true,
      });
      await db
        .insertInto("leads")
        .values({
          id: "lead-1",
          kind: "webinarRegistration",
          created_at: later(6).toISOString(),
          is_test: 0,
          source_page: "/resources",
          name: "Rita Registrant",
          email: "rita@example.test",
          company: "Example Ltd",
          subject: "a-registered-webinar",
          pillar: null,
          status: "new",
          owner_id: null,
          updated_at: later(6).toISOString(),
          deadline_at: null,
          search: "rita",
          landing_page: null,
          referrer: null,
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
        })
        .execute();
      expect(await deleteItem(db, { type: "webinar", key: "a-registered-webinar" })).toEqual({
        ok: false,
        reason: "refused",
        message: "It cannot be deleted: 1 person has registered for it. Keep it unpublished.",
      });

      // Fixed types: never.
      expect(await deleteItem(db, { type: "pillar", key: "strategy" })).toMatchObject({ ok: false, reason: "refused" });
      expect(await deleteItem(db, { type: "article", key: "no-such-article" })).toMatchObject({
        ok: false,
        reason: "not-found",
      });
    });
  });
});
