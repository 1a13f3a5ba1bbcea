/**
 * The rules of the site's rich text: Markdown, read by markdown-it 15 with raw
 * HTML off (docs/decisions/048-rich-text-in-markdown.md). This module says what
 * a piece of Markdown may contain and why it is refused; rendering it is
 * app/content/rich-text.server.ts, which applies the same link rules.
 *
 * Allowed: headings of levels 2 to 4 (the page's title is its only level 1),
 * paragraphs, lists, links, emphasis, quotes, tables, code, rules and images.
 * Refused, each with a message naming its line: raw HTML, a level 1, 5 or 6
 * heading, a link whose address is not https://, http://, mailto:, tel:, a
 * site path ("/…") or an anchor ("#…"), an image that is not under /media/ or
 * on https://, or has no alt text.
 *
 * The check reads the text the way the renderer does, but with HTML and every
 * link address let through, so that what the renderer would drop or show as
 * text is named here instead.
 */
import MarkdownIt from "markdown-it";
import type { Token } from "markdown-it";

/** Marks a string schema as Markdown, for the editor (app/publishing/editor-fields.ts). */
export const markdownMeta = { contentMediaType: "text/markdown" } as const;

/**
 * A link's address (as markdown-it normalises it: entities decoded, the rest
 * percent-encoded) is allowed when it is on the allow-list; anything else
 * (javascript:, data:, vbscript:, "//host", "java%09script:"…) is not.
 */
export function isAllowedLink(href: string): boolean {
  return /^(?:https?:\/\/[^\s/\\%]|mailto:[^\s]|tel:[+0-9(]|\/(?![/\\]|%5c)|#)/i.test(href);
}

/**
 * An image comes from the site's media (/media/…) only: every page's policy
 * allows images from this site alone (server/security.ts), and an image
 * from another site would tell that site who reads the page.
 */
export function isAllowedImage(src: string): boolean {
  return /^\/media\/(?![/\\]|%5c)/i.test(src);
}

const probe = new MarkdownIt("default", { html: true, linkify: false, typographer: false });
// Every address becomes a link here, so that a refused one can be named.
probe.validateLink = () => true;

const allowedLinks = "https://, http://, mailto:, tel:, a site address starting with / or a # anchor";

const quote = (s: string) => `“${s.length > 60 ? `${s.slice(0, 57)}…` : s}”`;

function inlineProblems(inline: Token, line: number): string[] {
  const problems: string[] = [];
  let at = line;
  for (const child of inline.children ?? []) {
    if (child.type === "softbreak" || child.type === "hardbreak") at += 1;
    else if (child.type === "html_inline") {
      problems.push(`Line ${at}: HTML such as ${quote(child.content)} is not allowed; write it in Markdown.`);
    } else if (child.type === "link_open") {
      const href = String(child.attrGet("href") ?? "");
      if (href === "") problems.push(`Line ${at}: a link has no address.`);
      else if (!isAllowedLink(href)) {
        problems.push(`Line ${at}: the link address ${quote(href)} is not allowed; use ${allowedLinks}.`);
      }
    } else if (child.type === "image") {
      const src = String(child.attrGet("src") ?? "");
      if (!isAllowedImage(src)) {
        problems.push(
          `Line ${at}: the image ${quote(src)} is not allowed; upload it to the site's images and use its /media/… address.`,
        );
      }
      if (child.content.trim() === "") {
        problems.push(`Line ${at}: an image needs alt text saying what it shows: ![what it shows](${src}).`);
      }
    }
  }
  return problems;
}

/** What is wrong with `markdown`, one message per problem (none: it may be published). */
export function markdownProblems(markdown: string): string[] {
  const problems: string[] = [];
  let line = 1;
  for (const token of probe.parse(markdown, {})) {
    // A table cell's text has no line of its own: it is on its row's.
    if (token.map) line = token.map[0] + 1;
    if (token.type === "html_block") {
      problems.push(`Line ${line}: HTML such as ${quote(token.content.trim())} is not allowed; write it in Markdown.`);
    } else if (token.type === "heading_open") {
      const level = Number(token.tag.slice(1));
      if (level === 1) {
        problems.push(
          `Line ${line}: a level 1 heading (#) is the page's title, which it already has; use ## for a section, ### and #### below it.`,
        );
      } else if (level > 4) {
        problems.push(`Line ${line}: headings go down to level 4 (####); ${"#".repeat(level)} is too deep.`);
      }
    } else if (token.type === "inline") problems.push(...inlineProblems(token, line));
  }
  return problems;
}

/** The problems as one message for a field: the first few, and how many more. */
export function markdownMessage(problems: readonly string[], shown = 3): string {
  const more = problems.length - shown;
  return [...problems.slice(0, shown), ...(more > 0 ? [`And ${more} more.`] : [])].join(" ");
}
