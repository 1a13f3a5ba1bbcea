/**
 * A new item (/admin/content/:type/new), for the kinds that take new ones: its
 * form, empty; saved as a draft, which opens in the editor to preview and publish.
 */
import { redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/content-new";
import { ContentFields, ContentProblems, useContentForm } from "~/components/admin/content-fields.tsx";
import { PostForm } from "~/components/admin/post-form.tsx";
import { Notice, StaffPage } from "~/components/admin/staff-ui.tsx";
import { ImageChoices } from "~/components/admin/image-field.tsx";
import { contentTypeOf, editorContext, newItemAction, newItemPage } from "~/publishing/editor.server.ts";
import { imageChoices } from "~/media/images.server.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = editorContext(context);
  // A new item's pictures come from the library as an item's do (a new trainer's portrait).
  const [page, images] = await Promise.all([newItemPage(db, contentTypeOf(params.type)), imageChoices(db)]);
  return { ...page, images };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const type = contentTypeOf(params.type);
  const result = await newItemAction(editorContext(context), type, await request.formData());
  if ("key" in result) throw redirect(`/admin/content/${type}/${result.key}`);
  return result.answer;
}

export default function NewContent() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { busy, errors, fields, values } = useContentForm(page, answer);
  return (
    <StaffPage title={`New ${page.label.toLowerCase()}`}>
      <Notice>{answer?.pending}</Notice>
      <ContentProblems fields={fields} message={answer?.message} errors={errors} />
      <PostForm key={JSON.stringify(values)} className="mt-4 space-y-5" noValidate>
        {/* Enter in a field saves it (the form's first button), never a list's button. */}
        <button type="submit" name="intent" value="add" hidden tabIndex={-1}>
          Save as a draft
        </button>
        <ImageChoices value={page.images}>
          <ContentFields fields={fields} values={values} errors={errors} />
        </ImageChoices>
        <button type="submit" name="intent" value="add" disabled={busy} className="btn-primary min-h-11">
          Save as a draft
        </button>
      </PostForm>
    </StaffPage>
  );
}
