/**
 * The image library (/admin/content/images, ADR 049): every image uploaded,
 * with a thumbnail, its size and who uploaded it, and the form to upload
 * one (JPEG, PNG, WebP or AVIF, up to the stated size). An upload is checked
 * and re-encoded (app/media/images.server.ts); a file that is not a sound
 * image is refused with a message saying why. An image nothing on the site
 * or in a draft uses can be deleted (a trainer's portrait when they leave);
 * one still used is refused, naming where.
 */
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/content-images";
import { CsrfField, Notice, StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { RuledList, StaffSection } from "~/components/admin/sections.tsx";
import { FormAlert, TextField } from "~/components/forms/field.tsx";
import { editorContext } from "~/publishing/editor.server.ts";
import { deleteImage, listImages, processUpload, storeImage } from "~/media/images.server.ts";
import { PostForm, RowButton } from "~/components/admin/post-form.tsx";
import { maxUploadText, mediaPath, refusals } from "~/media/image-rules.ts";

const formId = "image-upload";

export async function loader({ context }: Route.LoaderArgs) {
  return { images: await listImages(editorContext(context).db) };
}

type Answer = { done?: string; message?: string; notDeleted?: string };

/** A refused upload's status: too large 413, not an image 415, else 422 (a damaged or oversized picture). */
const statusOf = (message: string) =>
  message === refusals.tooLarge ? 413 : message === refusals.notAnImage ? 415 : message === refusals.empty ? 400 : 422;

export async function action({ context, request }: Route.ActionArgs) {
  const editor = editorContext(context);
  const form = await request.formData();
  if (form.get("intent") === "delete") {
    const id = String(form.get("id") ?? "");
    const deleted = await deleteImage(editor.db, id);
    if (!deleted.ok) return data<Answer>({ notDeleted: deleted.message }, { status: deleted.status });
    await editor.audit({ action: "image-deleted", target: `image:${id}`, detail: { name: deleted.name } });
    return data<Answer>({
      done: `Deleted "${deleted.name}" from the library. Copies already in visitors' browsers are theirs; the site stops sending it within a few minutes.`,
    });
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return data<Answer>({ message: refusals.empty }, { status: 400 });
  }
  const processed = await processUpload(new Uint8Array(await file.arrayBuffer()));
  if (!processed.ok) return data<Answer>({ message: processed.message }, { status: statusOf(processed.message) });
  const given = String(form.get("name") ?? "").trim();
  const name = (given || file.name.replace(/\.[^.]*$/, "") || "Image").slice(0, 120);
  const stored = await storeImage(editor.db, processed.image, { name, userId: editor.user.id, now: new Date() });
  if (stored.existed) return data<Answer>({ done: "This image is already in the library (the same file)." });
  await editor.audit({ action: "image-uploaded", target: `image:${stored.id}`, detail: { name } });
  return data<Answer>({
    done: `Uploaded "${name}": ${processed.image.width} × ${processed.image.height} pixels. Choose it in an image field of a page and give it alt text there.`,
  });
}

export default function ImageLibrary() {
  const { images } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <StaffPage
      title="Images"
      intro={
        <p>
          Pictures for the home page&apos;s hero, pillar and course pages, trainers and articles. Upload one here, then
          choose it in the page&apos;s image field, with alt text describing it there.
        </p>
      }
    >
      <Notice>{answer?.done}</Notice>
      <FormAlert title="Not uploaded" message={answer?.message} className="mb-6" />
      <FormAlert title="Not deleted" message={answer?.notDeleted} className="mb-6" />
      <StaffSection id="upload" title="Upload an image">
        <Form method="post" encType="multipart/form-data" className="mt-4 space-y-5" noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value="upload" />
          <div>
            <label htmlFor={`${formId}-file`} className="text-sm font-semibold text-navy-900">
              Image file
            </label>
            <p id={`${formId}-file-hint`} className="text-sm text-slate-600">
              JPEG, PNG, WebP or AVIF, up to {maxUploadText}, ideally at least 1,600 pixels wide. Its location and
              camera details are removed.
            </p>
            <input
              id={`${formId}-file`}
              type="file"
              name="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              aria-describedby={`${formId}-file-hint`}
              className="mt-1.5 block min-h-11 w-full max-w-lg rounded border border-slate-400 p-2"
            />
          </div>
          <TextField
            formId={formId}
            name="name"
            label="Name in the library"
            hint="To find it again; the file's name if left blank. This is not the alt text."
            maxLength={120}
          />
          <button type="submit" disabled={busy} className="btn-primary min-h-11">
            Upload
          </button>
        </Form>
      </StaffSection>
      <StaffSection id="library" title={`The library (${images.length})`} className="mt-10">
        <RuledList
          items={images}
          empty="No images yet."
          row={(image) => (
            <li key={image.id} className="flex flex-wrap items-center gap-4 py-3" data-image={image.id}>
              <img
                src={mediaPath(image.id, image.widths[0]!, "webp")}
                alt=""
                width={120}
                height={Math.max(1, Math.round((120 * image.height) / image.width))}
                loading="lazy"
                className="h-auto w-30 rounded"
              />
              <p className="min-w-0 flex-1">
                <span className="font-semibold break-words">{image.name}</span>
                <br />
                {image.width} × {image.height} pixels · widths {image.widths.join(", ")} ·{" "}
                {Math.ceil(image.bytes / 1024)} kB in all · uploaded <Time iso={image.uploadedAt} /> by{" "}
                {image.uploadedBy ?? "a former team member"}
              </p>
              <PostForm intent="delete" fields={{ id: image.id }}>
                <RowButton label={`Delete ${image.name}`} tone="danger">
                  Delete
                </RowButton>
              </PostForm>
            </li>
          )}
        />
      </StaffSection>
    </StaffPage>
  );
}
