/**
 * The site's content (/admin/content): each kind of content the team edits,
 * with how many items it has, how many have unpublished changes and how many
 * are scheduled (docs/decisions/045-content-in-the-database.md).
 */
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/content";
import { CountTable } from "~/components/admin/data-table.tsx";
import { StaffPage } from "~/components/admin/staff-ui.tsx";
import { contentOverview, editorContext } from "~/publishing/editor.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { types: await contentOverview(editorContext(context).db) };
}

export default function Content() {
  const { types } = useLoaderData<typeof loader>();
  return (
    <StaffPage
      title="Site content"
      intro={
        <p>
          Edit the site&apos;s pages, courses, articles and webinars. A saved draft changes nothing on the site until
          you publish it; every publish is kept, so any earlier version can be put back. Pictures are in the{" "}
          <Link to="/admin/content/images" className="underline">
            image library
          </Link>
          .
        </p>
      }
    >
      <CountTable
        label="Kinds of content"
        headings={["Content", "Items", "Unpublished changes", "Scheduled"]}
        rows={types.map((t) => ({
          key: t.type,
          heading: (
            <Link to={`/admin/content/${t.type}`} className="text-navy-800 underline">
              {t.plural}
            </Link>
          ),
          figures: [t.count, t.unpublishedChanges, t.scheduled],
        }))}
      />
    </StaffPage>
  );
}
