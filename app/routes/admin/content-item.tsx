/**
 * One item of the site's content (/admin/content/:type/:key): its form, built
 * from its schema, to save as a draft, publish now or at a set time; taking
 * it off the site; and its revisions, each comparable with the
 * live one (`?compare=N`) and restorable (docs/decisions/045-content-in-the-database.md).
 */
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/content-item";
import { ContentFields, ContentProblems, contentFormId, useContentForm } from "~/components/admin/content-fields.tsx";
import { statusLabels } from "~/components/admin/content-status.tsx";
import { PostForm, RowButton } from "~/components/admin/post-form.tsx";
import { RuledList, StaffSection } from "~/components/admin/sections.tsx";
import { Notice, StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { TextField } from "~/components/forms/field.tsx";
import { contentItemPage, contentTypeOf, editorContext, itemAction } from "~/publishing/editor.server.ts";
import { ImageChoices } from "~/components/admin/image-field.tsx";
import { DuplicateOffer } from "~/components/admin/duplicate-offer.tsx";
import { imageChoices } from "~/media/images.server.ts";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const compare = new URL(request.url).searchParams.get("compare");
  const { db, keys } = editorContext(context);
  const [page, images] = await Promise.all([
    contentItemPage(db, keys, contentTypeOf(params.type), params.key, compare),
    imageChoices(db),
  ]);
  return { ...page, images };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  return itemAction(editorContext(context), contentTypeOf(params.type), params.key, await request.formData());
}

/**
 * After any form, the page shows the item as it is now (a refused publish
 * still saved the draft), except after a refused save over someone else's:
 * the form keeps the version it started from, so saving again is refused
 * again until the page is reloaded and their text seen.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult === undefined) return defaultShouldRevalidate;
  return !(actionResult as { conflict?: boolean } | null)?.conflict;
}

export default function ContentItem() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { busy, errors, fields, values } = useContentForm(page, answer);
  const base = `/admin/content/${page.type}/${page.key}`;
  return (
    <StaffPage
      title={`${page.label}: ${page.title}`}
      intro={
        <p>
          <Link to={`/admin/content/${page.type}`} className="underline">
            All {page.plural.toLowerCase()}
          </Link>{" "}
          · {statusLabels[page.status]}
          {page.changed && page.status === "live" && " · the draft has unpublished changes"} · saved{" "}
          <Time iso={page.savedAt} /> ·{" "}
          <Link to={`${base}/preview`} className="underline">
            Preview the saved draft
          </Link>
          {page.status === "live" && (
            <>
              {" "}
              ·{" "}
              <a href={page.path} className="underline">
                View it on the site
              </a>
            </>
          )}
        </p>
      }
    >
      <Notice>{answer?.done ?? answer?.pending}</Notice>
      <DuplicateOffer type={page.type} itemKey={page.key} fixed={page.fixed} status={page.status} quiet={!!answer} />
      <ContentProblems
        fields={fields}
        title={answer?.conflict ? "Not saved: someone else saved this item first" : undefined}
        message={answer?.message}
        errors={errors}
      />
      {page.publishAt && (
        <div className="mb-6 flex flex-wrap items-center gap-3 rounded-md border border-slate-300 p-4">
          <p>
            To be published <Time iso={page.publishAt} /> (London time).
          </p>
          <PostForm intent="unschedule">
            <RowButton label="Cancel the scheduled publish">Cancel the scheduled publish</RowButton>
          </PostForm>
        </div>
      )}

      <StaffSection id="edit" title="Edit" className="mt-6">
        {page.movable && (
          <p className="mt-2 text-slate-700">
            Its address on the site comes from its {page.type === "article" ? "slug" : "id"}. If you change it, the old
            address leads to the new one for good once you publish (nothing else may refer to the old one then).
          </p>
        )}
        {/*
          Starts again only when the draft's text changed otherwise (a restore) or a list's button changed
          the form, never under someone's typing.
        */}
        <PostForm
          key={JSON.stringify(values)}
          fields={{ version: String(page.draftVersion) }}
          className="mt-4 space-y-5"
          noValidate
        >
          {/* Enter in a field saves the draft (the form's first button), never a list's button. */}
          <button type="submit" name="intent" value="save" hidden tabIndex={-1}>
            Save draft
          </button>
          <ImageChoices value={page.images}>
            <ContentFields fields={fields} values={values} errors={errors} />
          </ImageChoices>
          {answer?.confirm && (
            <label className="flex items-start gap-3 rounded-md border border-amber-700 bg-amber-50 p-4 text-slate-900">
              <input type="checkbox" name="confirm" value="yes" className="mt-1 size-5 shrink-0" />
              <span>I have read what publishing this changes, said above: publish it.</span>
            </label>
          )}
          <div className="flex flex-wrap items-end gap-3 border-t border-slate-300 pt-5">
            <button type="submit" name="intent" value="save" disabled={busy} className="btn-outline min-h-11">
              Save draft
            </button>
            <button type="submit" name="intent" value="publish" disabled={busy} className="btn-primary min-h-11">
              Publish now
            </button>
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <TextField
              formId={contentFormId}
              name="publishAt"
              type="datetime-local"
              label="Or publish at (London time)"
              error={errors.publishAt}
            />
            <button type="submit" name="intent" value="schedule" disabled={busy} className="btn-outline min-h-11">
              Save and schedule
            </button>
          </div>
        </PostForm>
      </StaffSection>

      <StaffSection id="used" title="Where it is used" className="mt-10">
        {page.usedBy.length === 0 ? (
          <p className="mt-2 text-slate-700">Not used by any other item.</p>
        ) : (
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {page.usedBy.map((r) => (
              <li key={r.href}>
                {r.label}{" "}
                <Link to={r.href} className="underline">
                  {r.title}
                </Link>{" "}
                ({r.fields})
              </li>
            ))}
          </ul>
        )}
      </StaffSection>

      {page.type === "guide" && (
        <StaffSection id="pdf" title="The guide's PDF" className="mt-10">
          <p className="mt-2 text-slate-700">
            Visitors download the PDF the site lays out from this text, or a PDF you upload.{" "}
            <Link to={`${base}/pdf`} className="underline">
              Upload or remove a PDF
            </Link>
          </p>
        </StaffSection>
      )}

      {page.status === "live" && !page.fixed && (
        <StaffSection id="unpublish" title="Take it off the site" className="mt-10">
          <p className="mt-2 text-slate-700">
            It stops being shown at once; its revisions are kept and it can be published again. An item the site still
            refers to (a featured course, a presenter) cannot be unpublished until that reference is changed.
          </p>
          <PostForm intent="unpublish" className="mt-3">
            <RowButton label={`Unpublish ${page.title}`} tone="danger">
              Unpublish
            </RowButton>
          </PostForm>
        </StaffSection>
      )}

      {page.status !== "live" && !page.fixed && (
        <StaffSection id="delete" title="Delete it" className="mt-10">
          <p className="mt-2 text-slate-700">
            It is not on the site. Deleting it removes it and its revisions for good (the audit log keeps who deleted
            it). An item another one refers to (a related course, a featured course, an author) cannot be deleted.
          </p>
          <PostForm intent="delete" fields={{ version: String(page.draftVersion) }} className="mt-3">
            <RowButton label={`Delete ${page.title}`} tone="danger">
              Delete
            </RowButton>
          </PostForm>
        </StaffSection>
      )}

      <StaffSection id="revisions" title="Revisions" className="mt-10">
        <RuledList
          items={page.revisions}
          empty="Not published yet."
          row={(r) => (
            <li key={r.revision} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <p className="min-w-0 flex-1">
                <span className="font-semibold">Revision {r.revision}</span>
                {r.live && " (on the site)"} · {r.note} by {r.publishedBy}, <Time iso={r.publishedAt} />
              </p>
              {!r.live && (
                <>
                  <Link to={`${base}?compare=${r.revision}#compare`} className="underline">
                    Compare with the live one<span className="sr-only"> (revision {r.revision})</span>
                  </Link>
                  <PostForm
                    intent="restore"
                    fields={{ revision: String(r.revision), version: String(page.draftVersion) }}
                  >
                    <RowButton label={`Restore revision ${r.revision}`}>Restore</RowButton>
                  </PostForm>
                </>
              )}
            </li>
          )}
        />
      </StaffSection>

      {page.compare && (
        <StaffSection id="compare" title={`Revision ${page.compare.revision} and the live one`} className="mt-10">
          {page.compare.changes.length === 0 ? (
            <p className="mt-3 text-slate-700">They are the same.</p>
          ) : (
            <dl className="mt-3 divide-y divide-slate-300 border-y border-slate-300">
              {page.compare.changes.map((c) => (
                <div key={c.name} className="grid gap-2 py-3 sm:grid-cols-[12rem_1fr_1fr]">
                  <dt className="font-semibold break-words">{c.label ?? c.name}</dt>
                  <dd className="whitespace-pre-wrap">
                    <span className="block text-sm font-semibold text-slate-700">Live</span>
                    {c.live || "(empty)"}
                  </dd>
                  <dd className="whitespace-pre-wrap">
                    <span className="block text-sm font-semibold text-slate-700">
                      Revision {page.compare!.revision}
                    </span>
                    {c.other || "(empty)"}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </StaffSection>
      )}
    </StaffPage>
  );
}
