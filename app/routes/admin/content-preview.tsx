/**
 * A draft's preview (/admin/content/:type/:key/preview): the public page the
 * item lives on, as publishing the draft would make it, in a frame at a
 * desktop's width and one at a phone's (`?width=desktop` or `phone`: one
 * alone), or why the draft cannot be shown (docs/decisions/046-preview-rendering.md).
 */
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/content-preview";
import { StaffPage } from "~/components/admin/staff-ui.tsx";
import { contentTypeOf, editorContext } from "~/publishing/editor.server.ts";
import { previewPage } from "~/publishing/preview.server.ts";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const width = new URL(request.url).searchParams.get("width");
  return previewPage(editorContext(context).db, contentTypeOf(params.type), params.key, width);
}

export default function ContentPreview() {
  const page = useLoaderData<typeof loader>();
  const base = `/admin/content/${page.type}/${page.key}`;
  const choices = [
    { to: `${base}/preview`, label: "Desktop and phone", current: page.only === null },
    { to: `${base}/preview?width=desktop`, label: "Desktop only", current: page.only === "desktop" },
    { to: `${base}/preview?width=phone`, label: "Phone only", current: page.only === "phone" },
  ];
  return (
    <StaffPage
      title={`Preview: ${page.title}`}
      intro={
        <p>
          <Link to={base} className="underline">
            Back to the {page.label.toLowerCase()}
          </Link>{" "}
          · the draft as it will look on <code>{page.path}</code> once published. Links in the preview open the live
          site in a new tab; its forms and scripts are off.
        </p>
      }
    >
      {page.problem ? (
        <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">This draft cannot be previewed: publishing it would be refused.</p>
          <p className="mt-2 whitespace-pre-line">{page.problem}</p>
        </div>
      ) : (
        <>
          <nav aria-label="Preview widths">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {choices.map((c) => (
                <li key={c.to}>
                  <Link
                    to={c.to}
                    aria-current={c.current ? "page" : undefined}
                    className="inline-block min-h-11 py-2.5 font-semibold text-navy-800 underline-offset-4 hover:underline aria-[current=page]:underline"
                  >
                    {c.label}
                  </Link>
                </li>
              ))}
              <li>
                <a
                  href={`${base}/preview/page`}
                  target="_blank"
                  rel="noopener"
                  className="inline-block min-h-11 py-2.5 font-semibold text-navy-800 underline-offset-4 hover:underline"
                >
                  Open the page alone (new tab)
                </a>
              </li>
            </ul>
          </nav>
          <div className="mt-4 flex flex-wrap items-start gap-8">
            {page.widths.map((w) => (
              <figure key={w.name} className="max-w-full">
                <figcaption className="mb-2 font-semibold text-slate-800">
                  {w.label} ({w.width} pixels wide)
                </figcaption>
                {/* Scrolls sideways where the frame is wider than the window: by keyboard too. */}
                <div
                  role="region"
                  aria-label={`${w.label} preview`}
                  tabIndex={0}
                  className="max-w-full overflow-x-auto rounded-md border border-slate-400"
                >
                  <iframe
                    src={`${base}/preview/page`}
                    title={`${w.label} preview of ${page.path}`}
                    width={w.width}
                    height={w.height}
                    className="block bg-white"
                    style={{ width: w.width, height: w.height, maxWidth: "none" }}
                  />
                </div>
              </figure>
            ))}
          </div>
        </>
      )}
    </StaffPage>
  );
}
