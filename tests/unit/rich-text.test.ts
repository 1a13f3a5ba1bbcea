/**
 * The rules of rich text (app/content/rich-text.ts) and its rendering
 * (app/content/rich-text.server.ts): what Markdown may hold, the message for
 * each thing it may not, the HTML and the plain text it gives, and an
 * article's schema refusing a body that breaks them. The XSS payloads are in
 * tests/unit/rich-text-xss.test.ts.
 */
import { describe, expect, it } from "vitest";
import { isAllowedImage, isAllowedLink, markdownMessage, markdownProblems } from "~/content/rich-text.ts";
import { markdownToPlainText, renderMarkdown } from "~/content/rich-text.server.ts";
import { articleSchema } from "~/content/schema.ts";
import { releaseContent } from "~/content/seed/index.ts";

const everything = `## A section

A paragraph with **strong**, *emphasis*, \`code\` and [a course](/training/risk-grc).

### Smaller

- one
- two

1. first
2. second

> A quote.

| Ratio | Formula |
| :--- | ---: |
| Gross margin | gross profit / revenue |

![A board meeting](/media/board-1200.webp)

#### Smallest

[Write to us](mailto:hello@example.test), [call us](tel:+442000000000), [read on](#a-section), [elsewhere](https://example.test/page?x=1).
`;

describe("the check", () => {
  it("accepts every construct the site supports", () => {
    expect(markdownProblems(everything)).toEqual([]);
  });

  it.each([
    ["# Title", "Line 1: a level 1 heading (#) is the page's title"],
    ["Text\n\n##### Deep", "Line 3: headings go down to level 4 (####); ##### is too deep."],
    ["Setext heading\n===", "Line 1: a level 1 heading"],
    ["<div>raw</div>", "Line 1: HTML such as “<div>raw</div>” is not allowed; write it in Markdown."],
    ["Text <b>bold</b>", "Line 1: HTML such as “<b>” is not allowed"],
    ["One\ntwo [x](javascript:alert(1))", "Line 2: the link address “javascript:alert(1)” is not allowed"],
    ["[x](//evil.example)", "the link address “//evil.example” is not allowed; use https://, http://"],
    ["[x](training)", "the link address “training” is not allowed"],
    ["[x]()", "Line 1: a link has no address."],
    ["<javascript:alert(1)>", "the link address “javascript:alert(1)” is not allowed"],
    ["[x][r]\n\n[r]: data:text/html,hi", "the link address “data:text/html,hi” is not allowed"],
    [
      "![a chart](/images/chart.png)",
      "the image “/images/chart.png” is not allowed; upload it to the site's images and use its /media/… address",
    ],
    ["![a chart](http://example.test/c.png)", "the image “http://example.test/c.png” is not allowed"],
    ["![](/media/chart.webp)", "Line 1: an image needs alt text saying what it shows"],
    ["| a |\n| - |\n| <i>x</i> |", "Line 3: HTML such as “<i>”"],
  ])("refuses %j: %s", (markdown, message) => {
    expect(markdownProblems(markdown).join("\n")).toContain(message);
  });

  it("allows the link addresses the site uses, and no other", () => {
    for (const ok of ["https://a.example", "http://a.example", "mailto:a@b.example", "tel:+44", "/", "/x", "#top"]) {
      expect(isAllowedLink(ok), ok).toBe(true);
    }
    for (const bad of [
      "javascript:x",
      "data:x",
      "vbscript:x",
      "//a.example",
      "/\\a.example",
      "/%5Ca",
      "https:a",
      "x",
    ]) {
      expect(isAllowedLink(bad), bad).toBe(false);
    }
    expect(isAllowedImage("/media/a.webp")).toBe(true);
    for (const bad of [
      "https://a.example/a.webp",
      "/a.webp",
      "http://a.example/a.webp",
      "/media//a.example/x",
      "data:image/png;base64,AA",
    ]) {
      expect(isAllowedImage(bad), bad).toBe(false);
    }
  });

  it("says the first problems in one message, and how many more", () => {
    const problems = ["Line 1: a.", "Line 2: b.", "Line 3: c.", "Line 4: d.", "Line 5: e."];
    expect(markdownMessage(problems)).toBe("Line 1: a. Line 2: b. Line 3: c. And 2 more.");
  });
});

describe("the renderer", () => {
  const html = renderMarkdown(everything);

  it("gives each construct its element, with the site's typography", () => {
    expect(html).toContain('<h2 id="a-section" class="mt-10');
    expect(html).toContain('<h3 id="smaller"');
    expect(html).toContain('<h4 id="smallest"');
    expect(html).toContain("<strong>strong</strong>");
    expect(html).toContain("<em>emphasis</em>");
    expect(html).toMatch(/<code class="[^"]+">code<\/code>/);
    expect(html).toContain('<a href="/training/risk-grc" class="font-semibold text-navy-800 underline');
    expect(html).toMatch(/<ul class="mt-4 list-disc[^"]*">\n<li>one<\/li>/);
    expect(html).toMatch(/<ol class="mt-4 list-decimal/);
    expect(html).toMatch(/<blockquote class="[^"]+">\n<p class="[^"]+">A quote.<\/p>/);
    expect(html).toContain('<div class="mt-6 overflow-x-auto" tabindex="0" role="region" aria-label="Table"><table');
    expect(html).toMatch(/<th class="text-left [^"]+">Ratio<\/th>/);
    expect(html).toMatch(/<td class="text-right [^"]+">gross profit \/ revenue<\/td>/);
    expect(html).toContain('<img src="/media/board-1200.webp" alt="A board meeting" loading="lazy" decoding="async"');
    expect(html).toContain('<a href="mailto:hello@example.test"');
    expect(html).toContain('<a href="#a-section"');
    expect(html).not.toContain("style=");
  });

  it("numbers a repeated heading's id, and leaves ids out for a preview", () => {
    expect(renderMarkdown("## Notes\n\n## Notes\n\n## Ünïcode & more!")).toMatch(
      /id="notes"[\s\S]*id="notes-2"[\s\S]*id="unicode-more"/,
    );
    expect(renderMarkdown("## Notes", { headingIds: false })).not.toContain("id=");
  });

  it("shows what the check refuses as text, never as markup", () => {
    expect(renderMarkdown("[x](javascript:alert(1))")).not.toContain("<a");
    expect(renderMarkdown("![a chart](/images/chart.png)")).toBe(
      '<p class="mt-4 text-lg leading-8 text-slate-700 first:mt-0">a chart</p>\n',
    );
    expect(renderMarkdown("<b>x</b>")).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(renderMarkdown("# Title")).toMatch(/^<h2 /);
    expect(renderMarkdown('```js" onmouseover="alert(1)\n<b>\n```')).toBe(
      '<pre class="mt-4 overflow-x-auto rounded-md bg-slate-100 p-4 text-sm" tabindex="0"><code>&lt;b&gt;\n</code></pre>\n',
    );
  });

  it("gives the words without their marks, for what needs plain text", () => {
    expect(markdownToPlainText(everything).split("\n")).toEqual([
      "A section",
      "A paragraph with strong, emphasis, code and a course.",
      "Smaller",
      "one",
      "two",
      "first",
      "second",
      "A quote.",
      "Ratio | Formula",
      "Gross margin | gross profit / revenue",
      "A board meeting",
      "Smallest",
      "Write to us, call us, read on, elsewhere.",
    ]);
  });
});

describe("an article's body", () => {
  const article = releaseContent.articles[0] as Record<string, unknown>;
  const issues = (body: string) =>
    articleSchema.safeParse({ ...article, body }).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

  it("is the release's Markdown, which passes", () => {
    for (const a of releaseContent.articles) expect(articleSchema.safeParse(a).success).toBe(true);
  });

  it("is refused, on its field, with the problem and its line", () => {
    expect(issues("Intro.\n\n# Title\n\n[x](javascript:alert(1))")).toEqual([
      "body: Line 3: a level 1 heading (#) is the page's title, which it already has; use ## for a section, ### and #### below it. Line 5: the link address “javascript:alert(1)” is not allowed; use https://, http://, mailto:, tel:, a site address starting with / or a # anchor.",
    ]);
    expect(issues("A draft. TODO: finish")).toEqual(["body: copy contains a placeholder"]);
    expect(issues("   ")?.[0]).toMatch(/^body: /);
  });
});
