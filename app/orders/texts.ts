/**
 * An order kind's client-safe half (docs/decisions/042-orders-are-one-domain.md):
 * something a customer pays for (today the consultation booking; course
 * bookings will be the second kind). Like a lead kind (app/leads/kinds/texts.ts),
 * it declares its name, its row in the privacy notice's table and its
 * retention rules, whose periods that row states; its server half
 * (./kind.server.ts) declares the rest. The privacy notice
 * (app/content/legal.ts) and the retention rules (app/retention/rules.ts)
 * read them from the registry (./index.ts).
 */
import type { RetentionRule } from "~/calendar/period.ts";
import type { NoticeRow } from "~/content/notice-row.ts";

/**
 * The order kinds' names: the `kind` of the `lead.created` webhook message
 * a started checkout sends (app/webhooks/events.server.ts). Course bookings
 * add theirs here.
 */
export type OrderKindName = "booking";

export type OrderKindTexts<K extends OrderKindName = OrderKindName, R extends string = string> = {
  kind: K;
  /** What the team calls one (the back office, access requests). */
  label: string;
  /** Its row in the privacy notice. */
  notice: NoticeRow;
  /** How long its records are kept (its server half's `sweep` applies them); `notice.howLong` says so. */
  retention: readonly RetentionRule<R>[];
};

/** Declares an order kind's texts (its rules' names kept as written). */
export const defineOrderKindTexts = <K extends OrderKindName, const R extends string>(
  texts: OrderKindTexts<K, R>,
): OrderKindTexts<K, R> => texts;
