/**
 * What the inbox lists (docs/decisions/058-course-bookings-in-the-inbox.md):
 * every lead kind (app/leads/kinds/), and the order kinds the team works as
 * leads, a course booking (app/orders/). Names only, client-safe: the
 * filters parse them; what each kind is for the inbox (its label, subject,
 * what its lead's page shows) is ./kinds.server.ts.
 */
import type { InboxKind } from "~/data/schema.ts";
import type { FormKind } from "~/forms/schemas.ts";
import { leadKindTexts } from "~/leads/kinds/index.ts";

export type { InboxKind };

/** The order kinds the inbox lists: their orders are listed where they are placed. */
export const listedOrderKinds = ["course-booking"] as const satisfies readonly Exclude<InboxKind, FormKind>[];

/** Every kind the inbox lists, lead kinds first. */
export const inboxKindNames: readonly InboxKind[] = [
  ...(Object.keys(leadKindTexts) as FormKind[]),
  ...listedOrderKinds,
];

export const isInboxKind = (value: string): value is InboxKind => (inboxKindNames as readonly string[]).includes(value);
