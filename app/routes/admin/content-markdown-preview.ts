/**
 * POST /admin/content/markdown-preview: a Markdown field's live preview in
 * the content editor (app/components/admin/content-fields.tsx), rendered by
 * the module that renders the site's pages (app/content/rich-text.server.ts)
 * and checked by the rules a save applies (app/content/rich-text.ts), as
 * JSON: `{ html, problems }` (its headings without ids, which the editor's page has its own of). Editors only (app/staff/access-rules.ts); the
 * area's middleware has checked the CSRF token. It changes nothing.
 */
import type { Route } from "./+types/content-markdown-preview";
import { markdownProblems } from "~/content/rich-text.ts";
import { renderMarkdown } from "~/content/rich-text.server.ts";

/** As much as an article's body may hold (app/content/schema.ts), and a little over for the message. */
const largest = 50_000;

function refuse(message: string, status: number): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function action({ request }: Route.ActionArgs) {
  const markdown = (await request.formData()).get("markdown");
  if (typeof markdown !== "string") return refuse("Send the Markdown to preview in the field “markdown”.", 400);
  if (markdown.length > largest) return refuse(`Too long to preview: at most ${largest} characters.`, 413);
  return Response.json({ html: renderMarkdown(markdown, { headingIds: false }), problems: markdownProblems(markdown) });
}

export function loader() {
  return refuse("This address previews Markdown sent to it (POST).", 405);
}
