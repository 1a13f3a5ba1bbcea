/**
 * An image field of the content editor (ADR 049): which library image (a
 * thumbnail beside each choice, or none) and its alt text, written for this
 * place. The library comes from the page (`ImageChoices`); a new image is
 * uploaded on the library's page.
 */
import { createContext, use } from "react";
import type { EditorField } from "~/publishing/editor-fields.ts";
import { errorId, FieldError, fieldId, radioId, TextField } from "~/components/forms/field.tsx";
import { imageLibraryPath, mediaPath, type PageImage } from "~/media/image-rules.ts";

export type ImageChoice = Pick<PageImage, "id" | "width" | "height" | "widths"> & { name: string };

/** The library's images, for the image fields of the form below it. */
export const ImageChoices = createContext<readonly ImageChoice[]>([]);

type Props = {
  formId: string;
  field: EditorField & { kind: "image" };
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
};

export function ImageField({ formId, field, values, errors }: Props) {
  const library = use(ImageChoices);
  const idName = `${field.name}.id`;
  const chosen = values[idName] ?? "";
  const id = fieldId(formId, idName);
  const error = errors[idName];
  const unknown = chosen !== "" && !library.some((image) => image.id === chosen);
  const options = [
    { value: "", label: "No image", thumbnail: null },
    ...(unknown ? [{ value: chosen, label: `Not in the library (${chosen})`, thumbnail: null }] : []),
    ...library.map((image) => ({
      value: image.id,
      label: `${image.name} (${image.width} × ${image.height})`,
      thumbnail: image,
    })),
  ];
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-300 p-4" data-field={field.name}>
      <legend className="px-1 font-semibold text-navy-900">{field.label}</legend>
      <fieldset id={id} data-field={idName} aria-describedby={error ? errorId(id) : undefined}>
        <legend className="text-sm font-semibold text-navy-900">Image</legend>
        <p className="text-sm text-slate-600">
          Choose one from the library, or{" "}
          <a href={imageLibraryPath} target="_blank" rel="noreferrer" className="underline">
            upload a new one in the library (opens in a new tab)
          </a>
          , then reload this page after saving your draft.
        </p>
        <div className="mt-2 grid max-h-96 gap-2 overflow-y-auto sm:grid-cols-2">
          {options.map((o) => {
            const optionId = radioId(formId, idName, o.value || "none");
            return (
              <label
                key={o.value || "none"}
                htmlFor={optionId}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded border border-slate-200 p-2 text-ink"
              >
                <input
                  id={optionId}
                  type="radio"
                  name={idName}
                  value={o.value}
                  defaultChecked={chosen === o.value}
                  aria-invalid={error ? true : undefined}
                  className="size-6 shrink-0 accent-navy-800"
                />
                {o.thumbnail && (
                  <img
                    src={mediaPath(o.thumbnail.id, o.thumbnail.widths[0]!, "webp")}
                    alt=""
                    width={80}
                    height={Math.max(1, Math.round((80 * o.thumbnail.height) / o.thumbnail.width))}
                    loading="lazy"
                    className="h-auto w-20 shrink-0 rounded"
                  />
                )}
                <span className="min-w-0 break-words">{o.label}</span>
              </label>
            );
          })}
        </div>
        <FieldError id={id} message={error} />
      </fieldset>
      <TextField
        formId={formId}
        name={`${field.name}.alt`}
        label="Alt text"
        hint="What the picture shows, for people who cannot see it (read aloud by screen readers). Required with an image."
        maxLength={250}
        error={errors[`${field.name}.alt`]}
        defaultValue={values[`${field.name}.alt`] ?? ""}
      />
    </fieldset>
  );
}
