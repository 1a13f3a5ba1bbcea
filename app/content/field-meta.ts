/**
 * What a content schema says about a field beyond its type, for the editor
 * (app/publishing/editor-fields.ts reads it and builds the form): an amount
 * in pence, a reference to another item, the names of a fixed choice's
 * values. Part of the content model: the schemas (schema.ts,
 * sessions-schema.ts, featured.ts) mark their fields with these; the editor's
 * form logic lives with the editor. Markdown and images are marked in
 * rich-text.ts and image-ref.ts, a value the form keeps unchanged in
 * guide-files.ts.
 */

/** Marks a whole-pence number the editor shows and reads in pounds (a session's prices). */
export const penceMeta = { editor: "pence" } as const;

/**
 * Marks a field that names another item of the site's content by its id (or
 * a list of them): the editor offers the items of type `to` by name.
 */
export const referenceMeta = (to: string) => ({ editor: "reference", to }) as const;

/** Names a fixed choice's values as the team says them: `z.enum([...]).meta(choiceMeta({ online: "Live online" }))`. */
export const choiceMeta = (labels: Readonly<Record<string, string>>) => ({ choiceLabels: labels });

/** A value in words where its schema names it not: "in-person" → "In person", "30/70" as it is. */
export function choiceLabel(value: string, labels?: Readonly<Record<string, string>>): string {
  const named = labels?.[value];
  if (named) return named;
  const words = value.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
