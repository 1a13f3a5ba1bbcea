/**
 * Migration 023 on both databases: content saved before rich text (an
 * article's body as sections, a course's overview as paragraphs, in a draft
 * and in its published revisions) becomes Markdown with the same words, and
 * the site builds from it again (docs/decisions/048-rich-text.md).
 */
import { describe, expect, it } from "vitest";
import { buildCatalogue } from "~/content/index.server.ts";
import { releaseContent } from "~/content/seed/index.ts";
import { markdownToPlainText } from "~/content/rich-text.server.ts";
import { articleSchema, courseSchema } from "~/content/schema.ts";
import { migrations } from "~/data/migrations/index.ts";
import { publishedContent, readItem } from "~/publishing/store/reading.server.ts";
import { seedContent } from "~/publishing/store/seeding.server.ts";
import { dialects, openTestDatabase } from "./databases.ts";

type Article = { slug: string; body: string };
type Course = { id: string; overview: string };
const article = releaseContent.articles[0] as Article;
const course = releaseContent.courses[0] as Course;
/** The shapes stored before rich text, with words Markdown would otherwise read as marks. */
const oldBody = [
  { paragraphs: ["Opening words with *stars* and <b>a tag</b>.", "1. Not a list."] },
  { heading: "Why it matters", paragraphs: ["Because it does."], list: ["One point", "Another [point]"] },
  { heading: "What to do", paragraphs: ["Start small."] },
];
const oldOverview = ["First paragraph of the overview.", "# Second, not a heading."];

describe.each(dialects)("migration 023 (rich text) on %s", (dialect) => {
  it("turns an article's sections and a course's paragraphs into Markdown, in drafts and revisions", async () => {
    const t = await openTestDatabase(dialect, "rich_text");
    try {
      const db = t.handle.db;
      await seedContent(db, new Date("2026-11-20T09:00:00Z"));
      // As a database from before rich text holds them (draft and live revision).
      const old = (data: object, type: string, key: string) =>
        Promise.all([
          db
            .updateTable("content_items")
            .set({ draft: JSON.stringify(data) })
            .where("type", "=", type)
            .where("key", "=", key)
            .execute(),
          db
            .updateTable("content_revisions")
            .set({ data: JSON.stringify(data) })
            .where("type", "=", type)
            .where("key", "=", key)
            .execute(),
        ]);
      await old({ ...article, body: oldBody }, "article", article.slug);
      await old({ ...course, overview: oldOverview }, "course", course.id);
      await expect(publishedContent(db).then((p) => buildCatalogue(p.source))).rejects.toThrow();

      await migrations["2026-11-25-023-content-rich-text"]!.up(db as never);

      const { source } = await publishedContent(db);
      const catalogue = buildCatalogue(source);
      const body = catalogue.articles.find((a) => a.slug === article.slug)!.body;
      expect(markdownToPlainText(body).split("\n")).toEqual([
        "Opening words with *stars* and <b>a tag</b>.",
        "1. Not a list.",
        "Why it matters",
        "Because it does.",
        "One point",
        "Another [point]",
        "What to do",
        "Start small.",
      ]);
      const overview = catalogue.courses.find((c) => c.id === course.id)!.overview;
      expect(markdownToPlainText(overview).split("\n")).toEqual(oldOverview);
      // The drafts too: they pass today's schemas.
      expect(articleSchema.safeParse((await readItem(db, "article", article.slug))!.draft).success).toBe(true);
      expect(courseSchema.safeParse((await readItem(db, "course", course.id))!.draft).success).toBe(true);
      // Run again: nothing left to change.
      await migrations["2026-11-25-023-content-rich-text"]!.up(db as never);
      expect(
        buildCatalogue((await publishedContent(db)).source).articles.find((a) => a.slug === article.slug)!.body,
      ).toBe(body);
    } finally {
      await t.dispose();
    }
  });
});
