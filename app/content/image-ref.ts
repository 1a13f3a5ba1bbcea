/**
 * A picture in the content: the library image it shows (by id) and its alt
 * text, written where it is used (the same photo may say different things on
 * two pages). The schema marks the field (zod metadata), so the editor shows
 * it as an image chooser and the published-content check finds every image a
 * version refers to (docs/decisions/049-images.md).
 */
import { z } from "zod";

import { imageIdPattern } from "./ids.ts";

export { imageIdPattern } from "./ids.ts";

/** The metadata that marks an image field. */
export const imageFieldMeta = { field: "image" } as const;

export const imageRefSchema = z
  .object({
    id: z.string().regex(imageIdPattern, "choose an image from the library"),
    alt: z
      .string()
      .trim()
      .min(1, "describe the image for people who cannot see it (alt text)")
      .max(250)
      .refine((s) => !/(lorem ipsum|TODO|TBC|\{[a-z]+\})/i.test(s), { error: "alt text contains a placeholder" }),
  })
  .meta(imageFieldMeta);
export type ImageRef = z.infer<typeof imageRefSchema>;

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Whether `schema` (unwrapped of optional/default) is an image field. */
export const isImageField = (schema: z.ZodType): boolean => schema.meta()?.field === imageFieldMeta.field;

/** Every image `data` (valid for `schema`) refers to, with its field's path ("heroImage", "days.2.image"), in order. */
export function imageRefsIn(schema: z.ZodType, data: unknown, path = ""): { path: string; ref: ImageRef }[] {
  if (data === undefined || data === null) return [];
  if (isImageField(schema)) return [{ path, ref: data as ImageRef }];
  const def = defOf(schema);
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if ((def.type === "optional" || def.type === "default" || def.type === "nullable") && def.innerType) {
    return imageRefsIn(def.innerType, data, path);
  }
  if (def.type === "object" && def.shape && typeof data === "object") {
    return Object.entries(def.shape).flatMap(([key, child]) =>
      imageRefsIn(child, (data as Record<string, unknown>)[key], at(key)),
    );
  }
  if (def.type === "array" && def.element && Array.isArray(data)) {
    return data.flatMap((item, i) => imageRefsIn(def.element!, item, at(i)));
  }
  return [];
}

/** What the editor says of an image field whose image is not in the library. */
export const missingImageMessage =
  "This image is not in the library (it may have been deleted): choose another, or none, before publishing.";
