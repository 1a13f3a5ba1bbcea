/**
 * One kind of content (/admin/content/:type): its items in the site's order,
 * each with its state, found by title or address (`?q=`), and a link to add
 * one where the kind takes new items.
 */
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/content-type";
import { RuledList } from "~/components/admin/sections.tsx";
import { Notice, StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { TextField } from "~/components/forms/field.tsx";
import { contentList, contentTypeOf, editorContext } from "~/publishing/editor.server.ts";
import { statusLabels } from "~/components/admin/content-status.tsx";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const search = query.get("q") ?? "";
  const list = await contentList(editorContext(context).db, contentTypeOf(params.type), search.slice(0, 100));
  // After a delete (the item page's form sends the person here).
  return { ...list, deleted: query.get("deleted")?.slice(0, 200) ?? null };
}

export default function ContentType() {
  const { type, label, plural, canAdd, search, items, deleted } = useLoaderData<typeof loader>();
  return (
    <StaffPage
      title={plural}
      intro={
        <p>
          <Link to="/admin/content" className="underline">
            All site content
          </Link>
        </p>
      }
    >
      <Notice>{deleted && `Deleted “${deleted}”, with its revisions. The audit log keeps who deleted it.`}</Notice>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <TextField formId="content-search" name="q" label={`Find ${plural.toLowerCase()}`} defaultValue={search} />
        <button type="submit" className="btn-outline min-h-11">
          Find
        </button>
      </Form>
      {canAdd && (
        <p className="mt-4">
          <Link to={`/admin/content/${type}/new`} className="btn-primary inline-flex">
            Add a {label.toLowerCase()}
          </Link>
        </p>
      )}
      <RuledList
        label={plural}
        className="mt-6"
        items={items}
        empty={search ? `Nothing matches “${search}”.` : "None yet."}
        row={(item) => (
          <li key={item.key} className="py-3">
            <p className="font-semibold">
              <Link to={`/admin/content/${type}/${item.key}`} className="text-navy-800 underline">
                {item.title}
              </Link>
            </p>
            <p className="text-sm text-slate-700">
              {statusLabels[item.status]}
              {item.changed && item.status === "live" && " · unpublished changes"}
              {item.publishAt && (
                <>
                  {" "}
                  · to be published <Time iso={item.publishAt} />
                </>
              )}{" "}
              · saved <Time iso={item.savedAt} />
            </p>
          </li>
        )}
      />
    </StaffPage>
  );
}
