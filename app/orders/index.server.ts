/**
 * Every order kind, on the server (docs/decisions/042-orders-are-one-domain.md).
 * Access requests, erasure, the retention job and the back office's export
 * read what an order kind is from here; adding a kind means adding its
 * modules (./<kind>.ts, ./<kind>.server.ts) and registering them here and
 * in ./index.ts.
 */
import { consultation } from "./consultation.server.ts";
import { courseBooking } from "./course-booking.server.ts";
import type { OrderKind } from "./kind.server.ts";
import type { OrderKindName } from "./texts.ts";

export const orderKinds: { readonly [K in OrderKindName]: OrderKind<K> } = {
  booking: consultation,
  "course-booking": courseBooking,
};

/** Any one kind (what a kind-agnostic caller gets). */
export type AnyOrderKind = (typeof orderKinds)[OrderKindName];

/** Every kind, in the order above. */
export const allOrderKinds: readonly AnyOrderKind[] = Object.values(orderKinds);

/** The kind whose CSV export is /admin/<file>.csv, if any. */
export const orderExport = (file: string) => allOrderKinds.find((kind) => kind.export.file === file)?.export;
