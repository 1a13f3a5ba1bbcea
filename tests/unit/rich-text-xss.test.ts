/**
 * Rich text cannot carry script (docs/decisions/048-rich-text-in-markdown.md):
 * every vector of a published XSS payload list (tests/support/xss-vectors.ts,
 * from OWASP's XSS Filter Evasion Cheat Sheet) in every Markdown context is
 * rendered by app/content/rich-text.server.ts and the HTML read back by a
 * strict reader that knows only the elements and attributes the renderer
 * emits: anything else (a tag it does not know, an attribute such as
 * onerror or style, an address that is not allowed, a stray "<") fails.
 * The addresses among the vectors are refused by the check
 * (app/content/rich-text.ts) with a message, and never become links.
 * The same HTML is parsed by Chromium in tests/e2e/rich-text.spec.ts.
 */
import { describe, expect, test } from "vitest";
import { isAllowedImage, isAllowedLink, markdownProblems } from "~/content/rich-text.ts";
import { renderMarkdown } from "~/content/rich-text.server.ts";
import { addressVectors, htmlVectors, markdownContexts } from "../support/xss-vectors.ts";

/** Each element the renderer emits, with the attributes it may carry. */
const allowed: Readonly<Record<string, readonly string[]>> = {
  h2: ["id", "class"],
  h3: ["id", "class"],
  h4: ["id", "class"],
  p: ["class"],
  ul: ["class"],
  ol: ["class", "start"],
  li: [],
  a: ["href", "title", "class"],
  em: [],
  strong: [],
  s: [],
  blockquote: ["class"],
  div: ["class", "tabindex", "role", "aria-label"],
  table: ["class"],
  thead: [],
  tbody: [],
  tr: [],
  th: ["class"],
  td: ["class"],
  code: ["class"],
  pre: ["class", "tabindex"],
  img: ["src", "alt", "title", "loading", "decoding", "class"],
  hr: ["class"],
  br: [],
};

const decode = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** What is wrong with `html`, read strictly (none: only what the renderer may emit). */
export function unsafeParts(html: string): string[] {
  const wrong: string[] = [];
  const tag = /<(\/?)([a-z][a-z0-9]*)((?: [a-z-]+="[^"<>]*")*) ?\/?>/y;
  for (let at = html.indexOf("<"); at !== -1; at = html.indexOf("<", at + 1)) {
    tag.lastIndex = at;
    const match = tag.exec(html);
    if (!match) {
      wrong.push(`a "<" that starts no tag the renderer writes: ${html.slice(at, at + 40)}`);
      continue;
    }
    const [, closing, name, attributes] = match as unknown as [string, string, string, string];
    const attrs = allowed[name];
    if (!attrs) {
      wrong.push(`the element <${name}>`);
      continue;
    }
    if (closing) continue;
    for (const [, attr, raw] of attributes.matchAll(/ ([a-z-]+)="([^"]*)"/g) as IterableIterator<
      [string, string, string]
    >) {
      const value = decode(raw);
      if (!attrs.includes(attr)) wrong.push(`the attribute ${attr} on <${name}>`);
      else if (attr === "href" && !isAllowedLink(value)) wrong.push(`the link ${value}`);
      else if (attr === "src" && !isAllowedImage(value)) wrong.push(`the image ${value}`);
      else if (
        (attr === "href" || attr === "src") &&
        /^(javascript|vbscript|data|livescript):/i.test(value.replace(/[^a-z:]/gi, ""))
      ) {
        wrong.push(`the script address ${value}`);
      } else if ((attr === "class" || attr === "id") && !/^[a-z0-9:_ -]*$/.test(value)) {
        wrong.push(`the ${attr} ${value}`);
      }
    }
  }
  if (/>[^<]*>/.test(html.replace(/<[^>]*>/g, "<>"))) wrong.push('a stray ">" outside a tag');
  return wrong;
}

describe("the strict reader", () => {
  // It must fail what it is there to catch.
  test.each([
    ['<p onclick="alert(1)">x</p>', "the attribute onclick on <p>"],
    ["<script>alert(1)</script>", "the element <script>"],
    ['<a href="javascript:alert(1)">x</a>', "the link javascript:alert(1)"],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', "the link jav\tascript:alert(1)"],
    ['<img src="//evil.example/x.png" alt="x">', "the image //evil.example/x.png"],
    ["<p><img src=x onerror=alert(1)></p>", '"<" that starts no tag'],
    ['<p style="background:url(x)">x</p>', "the attribute style on <p>"],
  ])("%s is caught", (html, what) => {
    expect(unsafeParts(html).join("\n")).toContain(what);
  });
});

describe.each(Object.entries(markdownContexts))("a payload as %s", (context, wrap) => {
  test.each([...htmlVectors, ...addressVectors].map((v, i) => [i, v]))(
    "renders without script: vector %i",
    (_, vector) => {
      const html = renderMarkdown(wrap(vector));
      expect(unsafeParts(html), html).toEqual([]);
    },
  );
});

describe.each(["link address in <>", "image address in <>", "reference definition"])(
  "an address vector as %s",
  (context) => {
    test.each(addressVectors.map((v, i) => [i, v]))("is refused with a message: vector %i", (_, vector) => {
      const markdown = markdownContexts[context]!(vector);
      const problems = markdownProblems(markdown);
      expect(problems.length, markdown).toBeGreaterThan(0);
      expect(problems.join(" ")).toMatch(/^Line \d+: .*(is not allowed|has no address)/);
      expect(renderMarkdown(markdown)).not.toMatch(/<a |<img /);
    });
  },
);

test("an HTML vector, raw, is refused by the check as HTML, or (not a tag to CommonMark) shown as its text", () => {
  const neither = htmlVectors.filter(
    (v) =>
      v.startsWith("<") &&
      !markdownProblems(v).some((p) => p.includes("HTML such as")) &&
      !renderMarkdown(v).startsWith('<p class="mt-4 text-lg leading-8 text-slate-700 first:mt-0">&lt;'),
  );
  expect(neither).toEqual([]);
  expect(htmlVectors.filter((v) => v.startsWith("<") && markdownProblems(v).length > 0).length).toBeGreaterThan(45);
});
