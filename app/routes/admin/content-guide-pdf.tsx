/**
 * A free guide's PDF (/admin/content/guide/:key/pdf): upload a PDF to the
 * guide's draft, or take it out (back to the PDF the site lays out); the
 * guide's own page publishes it
 * (docs/decisions/050-featured-lists-site-facts-and-guide-files.md).
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/content-guide-pdf";
import { PostForm, RowButton } from "~/components/admin/post-form.tsx";
import { StaffSection } from "~/components/admin/sections.tsx";
import { CsrfField, Notice, StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { FormAlert } from "~/components/forms/field.tsx";
import { editorContext } from "~/publishing/editor.server.ts";
import { guidePdfAction, guidePdfPage, maxGuidePdfText } from "~/publishing/guide-pdf-editor.server.ts";
import type { GuideFileInfo } from "~/publishing/guide-files.server.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const page = await guidePdfPage(editorContext(context), params.key);
  return { ...page, maxSize: maxGuidePdfText };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  return guidePdfAction(editorContext(context), params.key, await request.formData());
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function FileLine({ file }: { file: GuideFileInfo | null }) {
  if (!file) return <>the PDF the site lays out from the guide&apos;s text</>;
  return (
    <>
      the uploaded file <span className="font-semibold break-all">{file.fileName}</span> ({file.pages} page
      {file.pages === 1 ? "" : "s"}, {sizeText(file.size)}), uploaded by {file.uploadedBy},{" "}
      <Time iso={file.uploadedAt} />
    </>
  );
}

export default function GuidePdf() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const guidePage = `/admin/content/guide/${page.key}`;
  return (
    <StaffPage
      title={`PDF: ${page.title}`}
      intro={
        <p>
          <Link to={guidePage} className="underline">
            Back to the guide
          </Link>
        </p>
      }
    >
      <Notice>{answer?.done}</Notice>
      <FormAlert message={answer?.message} className="mb-6" />

      <StaffSection id="now" title="What visitors download">
        <p className="mt-2 text-slate-700">
          Now: <FileLine file={page.live} />.
        </p>
        <p className="mt-2 text-slate-700">
          In the draft: <FileLine file={page.draft} />.
        </p>
        {page.changed && (
          <p className="mt-2 font-medium text-navy-900">
            The draft differs: <Link to={guidePage}>publish the guide</Link> to make it what visitors download.
          </p>
        )}
      </StaffSection>

      <StaffSection id="upload" title="Upload a PDF" className="mt-10">
        <Form method="post" encType="multipart/form-data" className="mt-3 space-y-4" noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="version" value={String(page.draftVersion)} />
          <div>
            <label htmlFor="guide-pdf-file" className="block font-medium text-navy-900">
              PDF file
            </label>
            <p id="guide-pdf-hint" className="mt-1 text-sm text-slate-600">
              A PDF of at most {page.maxSize}, not protected by a password. It goes into the draft: visitors get it once
              the guide is published.
            </p>
            <input
              id="guide-pdf-file"
              name="file"
              type="file"
              accept="application/pdf,.pdf"
              aria-describedby="guide-pdf-hint"
              className="mt-1.5 block min-h-11 w-full rounded-md border border-slate-400 p-2"
            />
          </div>
          <button type="submit" disabled={busy} className="btn-primary min-h-11">
            Upload to the draft
          </button>
        </Form>
      </StaffSection>

      {page.draft && (
        <StaffSection id="remove" title="Use the generated PDF again" className="mt-10">
          <p className="mt-2 text-slate-700">
            Takes the upload out of the draft; once the guide is published, visitors get the PDF the site lays out from
            the guide&apos;s text. The uploaded file stays with the guide&apos;s earlier revisions.
          </p>
          <PostForm intent="remove" fields={{ version: String(page.draftVersion) }} className="mt-3">
            <RowButton label="Remove the uploaded PDF from the draft" tone="danger">
              Remove the upload
            </RowButton>
          </PostForm>
        </StaffSection>
      )}
    </StaffPage>
  );
}
