/**
 * Content stored before rich text becomes Markdown with the same words
 * (app/data/migrations/helpers/rich-text-upgrade.ts, run once by migration 023): plain text
 * is escaped so that nothing in it reads as a mark, and the result passes
 * the rich-text rules.
 */
import { describe, expect, it } from "vitest";
import { markdownProblems } from "~/content/rich-text.ts";
import { markdownToPlainText, renderMarkdown } from "~/content/rich-text.server.ts";
import {
  paragraphsToMarkdown,
  plainMarkdown,
  sectionsToMarkdown,
  upgradeItem,
} from "~/data/migrations/helpers/rich-text-upgrade.ts";

const tricky = [
  "1. Not a numbered list",
  "2) Nor this",
  "# Not a heading",
  "- not a list item",
  "+ nor this",
  "> not a quote",
  "Stars *around* words and __underscores__ stay",
  "A [bracket](/not-a-link) stays text",
  "<b>Tags</b> and <script>alert(1)</script> are words",
  "Pipes | in | a line",
  "A back\\slash and a `tick` and ~tilde~",
  "Plain text, with commas; colons: and 5,000+ professionals.",
];

describe("plainMarkdown", () => {
  it.each(tricky)("reads back as the same text, with no mark and nothing refused: %s", (text) => {
    const markdown = plainMarkdown(text);
    expect(markdownToPlainText(markdown)).toBe(text);
    expect(markdownProblems(markdown)).toEqual([]);
    expect(renderMarkdown(markdown)).not.toMatch(/<(?:h\d|ol|ul|blockquote|em|strong|a|table|script|b)[\s>]/);
  });
});

describe("the old shapes", () => {
  it("an article's sections: a heading each, their paragraphs, then their list", () => {
    const markdown = sectionsToMarkdown([
      { paragraphs: ["Opening words.", "A second paragraph."] },
      { heading: "Why it matters", paragraphs: ["Because."], list: ["One point", "1. Another"] },
    ]);
    expect(markdown).toBe(
      "Opening words.\n\nA second paragraph.\n\n## Why it matters\n\nBecause.\n\n- One point\n- 1\\. Another",
    );
    expect(markdownToPlainText(markdown).split("\n")).toEqual([
      "Opening words.",
      "A second paragraph.",
      "Why it matters",
      "Because.",
      "One point",
      "1. Another",
    ]);
    expect(renderMarkdown(markdown)).toMatch(/<h2[^>]*>Why it matters<\/h2>/);
  });

  it("a course's overview: paragraphs", () => {
    expect(paragraphsToMarkdown(["First.", "Second."])).toBe("First.\n\nSecond.");
  });

  it("upgrades only what is old: an article's body list, a course's overview list", () => {
    expect(upgradeItem("article", { slug: "a", body: [{ paragraphs: ["Words."] }] })).toEqual({
      slug: "a",
      body: "Words.",
    });
    expect(upgradeItem("course", { id: "c", overview: ["One.", "Two."] })).toEqual({
      id: "c",
      overview: "One.\n\nTwo.",
    });
    expect(upgradeItem("article", { body: "Already Markdown." })).toBeNull();
    expect(upgradeItem("course", { overview: "Already Markdown." })).toBeNull();
    expect(upgradeItem("webinar", { body: [] })).toBeNull();
  });
});
