/**
 * The featured courses, the site facts and a guide's uploaded PDF in the
 * database (docs/decisions/050-featured-lists-site-facts-and-guide-files.md),
 * on both databases: a database seeded by an earlier release gets the new
 * types on its next start (and nothing else changes); the catalogue's rules
 * refuse a featured course that is not on the site; an uploaded PDF is kept
 * as its pages only (none of the file's hidden details) with who uploaded it,
 * changes the draft only, and goes live with the guide.
 */
import { describe, expect, it } from "vitest";
import { buildCatalogue } from "~/content/index.server.ts";
import { releaseContent } from "~/content/seed/index.ts";
import { releaseFeaturedCourses } from "~/content/seed/featured.ts";
import { releaseSiteFacts } from "~/content/site-facts.ts";
import { publishedContent, readItem } from "~/publishing/store/reading.server.ts";
import { publishItem, saveDraft, unpublishItem } from "~/publishing/store/changes.server.ts";
import { seedContent } from "~/publishing/store/seeding.server.ts";
import type { ContentActor } from "~/publishing/store/core.server.ts";
import { chooseGuidePdf, readGuideFile, uploadGuidePdf } from "~/publishing/guide-files.server.ts";
import type { Db } from "~/data/db.server.ts";
import { dialects } from "./databases.ts";
import { draftOverSeed, withSeededContent } from "./fixtures.ts";
import { PDFDocument } from "pdf-lib";
import { hiddenMarkers, loadedPdfSizes, makeLoadedPdf, makePdf } from "../../harness/guide-pdfs.ts";

const ann: ContentActor = { id: "staff-ann", name: "Ann Editor" };
const start = new Date("2026-12-01T09:00:00Z");
const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const newTypes = ["featured", "siteFacts"] as const;

describe.each(dialects)("featured courses, site facts and guide files on %s", (dialect) => {
  const withSeeded = (test: (db: Db) => Promise<void>) =>
    withSeededContent({ dialect, prefix: "facts", at: start }, test);

  it("a database seeded before these types existed gets them on its next start, and keeps the team's edits", async () => {
    await withSeeded(async (db) => {
      // As an earlier release left it: every other type seeded, these not.
      for (const table of ["content_revisions", "content_items", "content_seeds"] as const) {
        await db
          .deleteFrom(table)
          .where("type", "in", [...newTypes])
          .execute();
      }
      const guide = (await readItem(db, "guide", "risk-guide"))!;
      const edited = { ...(guide.draft as object), title: "The Enterprise Risk Guide" };
      expect(await draftOverSeed(db, "guide", "risk-guide", edited, { actor: ann, now: later(1) })).toMatchObject({
        ok: true,
      });

      expect(await seedContent(db, later(2))).toEqual({ seeded: [...newTypes] });
      const { source } = await publishedContent(db);
      expect(source.featured).toEqual([releaseFeaturedCourses]);
      expect(source.siteFacts).toEqual([releaseSiteFacts]);
      expect(buildCatalogue(source)).toEqual(buildCatalogue(releaseContent));
      expect((await readItem(db, "featured", "featured-courses"))?.revisions).toMatchObject([
        { revision: 1, publishedBy: "Release content", live: true },
      ]);
      expect(((await readItem(db, "guide", "risk-guide"))!.draft as { title: string }).title).toBe(
        "The Enterprise Risk Guide",
      );
      // And never again.
      expect(await seedContent(db, later(3))).toEqual({ seeded: [] });
    });
  });

  it("publishes a featured list of courses on the site, refuses one that is not, and keeps a featured course from being unpublished", async () => {
    await withSeeded(async (db) => {
      const homeFeatured = ["carbon-accounting", "risk-management"];
      const lists = { ...releaseFeaturedCourses, homeFeatured };
      expect(
        await draftOverSeed(db, "featured", "featured-courses", lists, { actor: ann, now: later(1) }),
      ).toMatchObject({ ok: true });
      expect(
        await publishItem(db, { type: "featured", key: "featured-courses", actor: ann, now: later(2) }),
      ).toMatchObject({ ok: true });
      expect(buildCatalogue((await publishedContent(db)).source).featured.homeFeatured).toEqual(homeFeatured);

      expect(await unpublishItem(db, { type: "course", key: "carbon-accounting", now: later(3) })).toMatchObject({
        ok: false,
        reason: "refused",
        message: expect.stringContaining("cannot be unpublished while the site refers to it"),
      });

      const gone = { ...lists, footer: ["risk-management", "no-such-course"] };
      expect(
        await saveDraft(db, {
          type: "featured",
          key: "featured-courses",
          data: gone,
          baseVersion: 2,
          actor: ann,
          now: later(4),
        }),
      ).toMatchObject({ ok: true });
      expect(
        await publishItem(db, { type: "featured", key: "featured-courses", actor: ann, now: later(5) }),
      ).toMatchObject({
        ok: false,
        reason: "refused",
        message: expect.stringContaining('Featured course "no-such-course" is not on the site'),
      });
    });
  });

  it("refuses site facts whose e-mail address is not one, field by field; publishes ones that are", async () => {
    await withSeeded(async (db) => {
      const bad = { ...releaseSiteFacts, contact: { ...releaseSiteFacts.contact, email: "enquiries" } };
      expect(await draftOverSeed(db, "siteFacts", "site-facts", bad, { actor: ann, now: later(1) })).toMatchObject({
        ok: false,
        reason: "invalid",
        issues: [{ path: "contact.email", message: expect.stringContaining("must be an e-mail address") }],
      });
      const good = { ...releaseSiteFacts, claims: { ...releaseSiteFacts.claims, professionalsTrained: "6,000+" } };
      expect(await draftOverSeed(db, "siteFacts", "site-facts", good, { actor: ann, now: later(2) })).toMatchObject({
        ok: true,
      });
      expect(await publishItem(db, { type: "siteFacts", key: "site-facts", actor: ann, now: later(3) })).toMatchObject({
        ok: true,
      });
      expect(buildCatalogue((await publishedContent(db)).source).siteFacts.claims.professionalsTrained).toBe("6,000+");
    });
  });

  it("keeps an uploaded PDF's pages with who uploaded it; the draft names it, publishing puts it live, removing goes back", async () => {
    await withSeeded(async (db) => {
      const bytes = await makePdf("The Enterprise Risk Guide, designed", 4);
      const uploaded = await uploadGuidePdf(db, {
        key: "risk-guide",
        fileName: "risk guide.pdf",
        bytes,
        baseVersion: 1,
        actor: ann,
        now: later(1),
      });
      expect(uploaded).toMatchObject({ ok: true, version: 2, fileId: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const fileId = uploaded.ok ? uploaded.fileId : "";
      const file = await readGuideFile(db, fileId);
      const kept = await PDFDocument.load(file!.bytes, { updateMetadata: false });
      expect(kept.getPageCount()).toBe(4);
      expect(kept.getTitle()).toBe((await readItem(db, "guide", "risk-guide"))!.title);
      expect(kept.getProducer()).toBeUndefined();
      expect(file!.info).toEqual({
        id: fileId,
        guideId: "risk-guide",
        fileName: "risk guide.pdf",
        size: file!.bytes.length,
        pages: 4,
        uploadedAt: later(1).toISOString(),
        uploadedBy: "Ann Editor",
      });

      // A draft upload changes nothing visitors download.
      const guideOf = async () =>
        buildCatalogue((await publishedContent(db)).source).guides.find((g) => g.id === "risk-guide")!;
      expect((await guideOf()).pdf).toBeUndefined();
      expect(await publishItem(db, { type: "guide", key: "risk-guide", actor: ann, now: later(2) })).toMatchObject({
        ok: true,
      });
      expect((await guideOf()).pdf).toBe(fileId);

      // The same bytes again are kept once; an upload over a newer draft is refused like any save.
      expect(
        await uploadGuidePdf(db, {
          key: "risk-guide",
          fileName: "again.pdf",
          bytes,
          baseVersion: 1,
          actor: ann,
          now: later(3),
        }),
      ).toMatchObject({ ok: false, reason: "conflict" });
      expect(await db.selectFrom("guide_files").select("id").execute()).toHaveLength(1);
      // Another file over a newer draft: refused before it is kept, so no file is left that nothing names.
      const other = await makePdf("Another Risk Guide", 2);
      expect(
        await uploadGuidePdf(db, {
          key: "risk-guide",
          fileName: "other.pdf",
          bytes: other,
          baseVersion: 1,
          actor: ann,
          now: later(3),
        }),
      ).toMatchObject({ ok: false, reason: "conflict" });
      expect(await db.selectFrom("guide_files").select("id").execute()).toHaveLength(1);
      expect(
        await uploadGuidePdf(db, {
          key: "no-such-guide",
          fileName: "x.pdf",
          bytes,
          baseVersion: 1,
          actor: ann,
          now: later(3),
        }),
      ).toMatchObject({ ok: false, reason: "not-found" });

      expect(
        await chooseGuidePdf(db, { key: "risk-guide", fileId: null, baseVersion: 2, actor: ann, now: later(4) }),
      ).toMatchObject({ ok: true });
      expect((await guideOf()).pdf).toBe(fileId);
      expect(await publishItem(db, { type: "guide", key: "risk-guide", actor: ann, now: later(5) })).toMatchObject({
        ok: true,
      });
      expect((await guideOf()).pdf).toBeUndefined();
      // Its revision still names it: restoring that revision brings the file back.
      expect(await readGuideFile(db, fileId)).not.toBeNull();
    });
  });

  it("keeps none of an upload's hidden details: author, metadata, attachments, scripts, actions", async () => {
    await withSeeded(async (db) => {
      const bytes = await makeLoadedPdf();
      const uploaded = await uploadGuidePdf(db, {
        key: "risk-guide",
        fileName: "loaded.pdf",
        bytes,
        baseVersion: 1,
        actor: ann,
        now: later(1),
      });
      expect(uploaded).toMatchObject({ ok: true });
      const file = await readGuideFile(db, uploaded.ok ? uploaded.fileId : "");
      const text = Buffer.from(file!.bytes).toString("latin1");
      for (const marker of hiddenMarkers) expect(text, marker).not.toContain(marker);
      const kept = await PDFDocument.load(file!.bytes, { throwOnInvalidObject: true, updateMetadata: false });
      expect(kept.getPages().map((page) => [page.getWidth(), page.getHeight()])).toEqual(loadedPdfSizes);
      expect(file!.info).toMatchObject({ pages: 3, size: file!.bytes.length });
      expect(kept.getAuthor()).toBeUndefined();
    });
  });
});
