/**
 * Every order kind, the client-safe side (docs/decisions/042-orders-are-one-domain.md):
 * its name, its row in the privacy notice and its retention rules. Adding a
 * kind: its name (./texts.ts), its module here and its server module
 * (./index.server.ts), registered in both, and its table in a migration.
 */
import { consultationBooking } from "./consultation.ts";
import { courseBookingKind } from "./course-booking.ts";
import type { NoticeRow } from "~/content/notice-row.ts";
import type { OrderKindName, OrderKindTexts } from "./texts.ts";

const kinds = { booking: consultationBooking, "course-booking": courseBookingKind };

/** The names of the order kinds' retention rules (the metric's labels, the retention job's counts). */
export type OrderKindRuleName = (typeof kinds)[keyof typeof kinds]["retention"][number]["rule"];

export const orderKindTexts: { readonly [K in OrderKindName]: OrderKindTexts<K, OrderKindRuleName> } = kinds;

/** Every order kind, in the order above. */
export const allOrderKindTexts: readonly OrderKindTexts<OrderKindName, OrderKindRuleName>[] =
  Object.values(orderKindTexts);

/** The privacy notice's rows for the order kinds, in the order above; a row two kinds share comes once. */
export const orderNoticeRows = (): NoticeRow[] => [...new Set(allOrderKindTexts.map((kind) => kind.notice))];
