/**
 * A new item (/admin/content/:type/new), for the kinds that take new ones: its
 * form, empty; saved as a draft, which opens in the editor to preview and publish.
 */
import { redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/content-new";
import { ContentFields, ContentProblems } from "~/components/admin/content-fields.tsx";
import { PostForm } from "~/components/admin/post-form.tsx";
import { StaffPage } from "~/components/admin/staff-ui.tsx";
import { contentTypeOf, editorContext, newItemAction, newItemPage } from "~/publishing/editor.server.ts";

export function loader({ params }: Route.LoaderArgs) {
  return newItemPage(contentTypeOf(params.type));
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
  const busy = useNavigation().state !== "idle";
  const errors = answer?.errors ?? {};
  return (
    <StaffPage title={`New ${page.label.toLowerCase()}`}>
      <ContentProblems fields={page.fields} message={answer?.message} errors={errors} />
      <PostForm intent="add" className="mt-4 space-y-5" noValidate>
        <ContentFields fields={page.fields} values={answer?.values ?? {}} errors={errors} />
        <button type="submit" disabled={busy} className="btn-primary min-h-11">
          Save as a draft
        </button>
      </PostForm>
    </StaffPage>
  );
}
