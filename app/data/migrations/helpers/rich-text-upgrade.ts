/**
 * Content stored before rich text (docs/decisions/048-rich-text.md), turned
 * into Markdown once by migration 023 (frozen with the migrations:
 * ./index.ts): an article's body was a list of
 * sections (an optional heading, paragraphs, an optional bulleted list), a
 * course's overview a list of paragraphs. Their words were plain text, so
 * every character Markdown would read as a mark is escaped: the page shows
 * the same words as before.
 */

/** Plain text as Markdown that reads back as exactly that text. */
export function plainMarkdown(text: string): string {
  return (
    text
      .replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`)
      // At a line's start: a heading, quote, list item or numbered item.
      .replace(/^(\s*)([#>+-]|\d+(?=[.)]))/gm, (_, space: string, mark: string) =>
        /^\d/.test(mark) ? `${space}${mark}\\` : `${space}\\${mark}`,
      )
  );
}

type OldSection = { heading?: unknown; paragraphs?: unknown; list?: unknown };

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** An article's old body (sections) as Markdown: `## heading`, paragraphs, then `- item` lines. */
export function sectionsToMarkdown(sections: readonly OldSection[]): string {
  return sections
    .map((section) =>
      [
        ...(typeof section.heading === "string" ? [`## ${plainMarkdown(section.heading)}`] : []),
        ...strings(section.paragraphs).map(plainMarkdown),
        ...(strings(section.list).length
          ? [
              strings(section.list)
                .map((i) => `- ${plainMarkdown(i)}`)
                .join("\n"),
            ]
          : []),
      ].join("\n\n"),
    )
    .join("\n\n");
}

/** A course's old overview (paragraphs) as Markdown. */
export function paragraphsToMarkdown(paragraphs: readonly unknown[]): string {
  return strings(paragraphs).map(plainMarkdown).join("\n\n");
}

/**
 * An item's stored data with its pre-rich-text fields upgraded (an article's
 * `body`, a course's `overview`), or null when it needs nothing.
 */
export function upgradeItem(type: string, data: Record<string, unknown>): Record<string, unknown> | null {
  if (type === "article" && Array.isArray(data.body)) {
    return { ...data, body: sectionsToMarkdown(data.body as OldSection[]) };
  }
  if (type === "course" && Array.isArray(data.overview))
    return { ...data, overview: paragraphsToMarkdown(data.overview) };
  return null;
}
