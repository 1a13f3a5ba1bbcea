/**
 * Rich text rendered to HTML, on the server only (docs/decisions/048-rich-text-in-markdown.md).
 * markdown-it 15 with raw HTML off escapes every character of the text it
 * does not turn into an element, so the HTML carries only the elements below,
 * each with the site's typography as classes, and links and images whose
 * addresses pass the rules of app/content/rich-text.ts (the renderer applies
 * them again: an address they refuse is shown as text, never as a link).
 * Headings get ids from their text, for links within the page ("#keep-it-alive").
 *
 * `markdownToPlainText` is the same text without its marks, for what needs
 * plain text (JSON-LD, meta descriptions, e-mails, PDFs).
 */
import MarkdownIt from "markdown-it";
import type { Token } from "markdown-it";
import { isAllowedImage, isAllowedLink } from "./rich-text.ts";

const md = new MarkdownIt("default", { html: false, linkify: false, typographer: false });
md.validateLink = isAllowedLink;
// A code block is its text, escaped, whatever its fence's info string says.
md.renderer.rules.fence = md.renderer.rules.code_block = (tokens, i) =>
  `<pre class="mt-4 overflow-x-auto rounded-md bg-slate-100 p-4 text-sm" tabindex="0"><code>${md.utils.escapeHtml(tokens[i]!.content)}</code></pre>\n`;

/** The classes each element gets: the article page's typography (Tailwind). */
const classes: Readonly<Record<string, string>> = {
  h2: "mt-10 scroll-mt-6 text-2xl font-semibold text-navy-900 first:mt-0",
  h3: "mt-8 scroll-mt-6 text-xl font-semibold text-navy-900 first:mt-0",
  h4: "mt-6 scroll-mt-6 text-lg font-semibold text-navy-900 first:mt-0",
  p: "mt-4 text-lg leading-8 text-slate-700 first:mt-0",
  ul: "mt-4 list-disc space-y-2 pl-6 text-lg leading-8 text-slate-700",
  ol: "mt-4 list-decimal space-y-2 pl-6 text-lg leading-8 text-slate-700",
  blockquote: "mt-6 border-l-4 border-navy-200 pl-5 italic",
  a: "font-semibold text-navy-800 underline underline-offset-4",
  table: "w-full border-collapse text-left text-base text-slate-700",
  th: "border-b-2 border-slate-300 px-3 py-2 font-semibold text-navy-900",
  td: "border-b border-slate-200 px-3 py-2 align-top",
  code: "rounded bg-slate-100 px-1 font-mono text-base text-navy-900",
  img: "mt-6 h-auto max-w-full rounded-md",
  hr: "my-10 border-slate-300",
};

const alignments: Readonly<Record<string, string>> = {
  "text-align:left": "text-left",
  "text-align:center": "text-center",
  "text-align:right": "text-right",
};

/** The heading's id: its words, lower-case, joined by hyphens; a repeated one numbered. */
function headingId(text: string, used: Map<string, number>): string {
  const base =
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "section";
  const count = (used.get(base) ?? 0) + 1;
  used.set(base, count);
  return count === 1 ? base : `${base}-${count}`;
}

const textOf = (tokens: readonly Token[] | null): string =>
  (tokens ?? []).map((t) => (t.children ? textOf(t.children) : t.type === "image" ? "" : t.content)).join("");

function style(token: Token, used: Map<string, number> | null, next: Token | undefined): void {
  if (token.type === "heading_open" || token.type === "heading_close") {
    // Checked content has levels 2 to 4 only; anything else still renders inside them.
    token.tag = `h${Math.min(4, Math.max(2, Number(token.tag.slice(1))))}`;
    if (token.type === "heading_open" && used) token.attrSet("id", headingId(textOf(next ? [next] : []), used));
  }
  if (token.type === "th_open" || token.type === "td_open") {
    const align = alignments[String(token.attrGet("style") ?? "")];
    token.attrs = (token.attrs ?? []).filter(([name]) => name !== "style");
    if (align) token.attrJoin("class", align);
  }
  if (token.nesting !== -1 && token.type !== "fence" && token.type !== "code_block" && classes[token.tag])
    token.attrJoin("class", classes[token.tag]!);
}

/** An image the rules refuse (or without alt text) becomes its alt text; the others load lazily. */
function checkImages(inline: Token): void {
  for (const child of inline.children ?? []) {
    if (child.type !== "image") continue;
    const alt = textOf(child.children).trim();
    if (isAllowedImage(String(child.attrGet("src") ?? "")) && alt) {
      child.attrSet("loading", "lazy");
      child.attrSet("decoding", "async");
    } else {
      Object.assign(child, { type: "text", tag: "", attrs: null, children: null, content: alt });
    }
  }
}

/**
 * The HTML of `markdown`: only the elements and attributes this module gives
 * it. Without `headingIds` (a preview inside another page), headings get no ids.
 */
export function renderMarkdown(markdown: string, { headingIds = true } = {}): string {
  const tokens = md.parse(markdown, {});
  const used = headingIds ? new Map<string, number>() : null;
  tokens.forEach((token, i) => {
    style(token, used, tokens[i + 1]);
    if (token.type === "inline") {
      checkImages(token);
      for (const child of token.children ?? []) style(child, used, undefined);
    }
  });
  return md.renderer
    .render(tokens, md.options, {})
    .replace(/<table /g, '<div class="mt-6 overflow-x-auto" tabindex="0" role="region" aria-label="Table"><table ')
    .replace(/<\/table>/g, "</table></div>");
}

/** The words of `markdown` without its marks: one paragraph (or list item, heading, cell row) a line. */
export function markdownToPlainText(markdown: string): string {
  const lines: string[] = [];
  let row: string[] | null = null;
  for (const token of md.parse(markdown, {})) {
    if (token.type === "tr_open") row = [];
    else if (token.type === "tr_close" && row) {
      lines.push(row.join(" | "));
      row = null;
    } else if (token.type === "inline" || token.type === "fence" || token.type === "code_block") {
      const text = (token.type === "inline" ? inlineText(token.children ?? []) : token.content).trim();
      if (row) row.push(text);
      else if (text) lines.push(text);
    }
  }
  return lines.join("\n");
}

function inlineText(children: readonly Token[]): string {
  return children
    .map((c) =>
      c.type === "softbreak" || c.type === "hardbreak" ? " " : c.type === "image" ? textOf(c.children) : c.content,
    )
    .join("");
}
