/**
 * A route's way to its content's pictures: the image a reference names,
 * ready for `<Picture>`, or null (none, or one not in the library: a warning
 * in the log, and the page without it). The request's services are read only
 * when there is a reference, so a page without pictures needs none (the
 * build's prerendering).
 */
import type { RouterContextProvider } from "react-router";
import type { ImageRef } from "~/content/image-ref.ts";
import { logContext } from "~/http/request-context.ts";
import { servicesContext } from "~/services.ts";
import type { PageImage } from "./image-rules.ts";
import { pageImage } from "./images.server.ts";

export function pageImageOf(
  context: Readonly<RouterContextProvider>,
  ref: ImageRef | undefined,
): Promise<PageImage | null> {
  if (!ref) return Promise.resolve(null);
  return pageImage(context.get(servicesContext).staff.db, ref, context.get(logContext));
}
