/**
 * An order kind's client-safe half (docs/decisions/042-orders-are-one-domain.md):
 * something a customer pays for (today the consultation booking; course
 * bookings will be the second kind). Like a lead kind (app/leads/kinds/texts.ts),
 * it declares what every kept kind does (calendar/period.ts's `KeptKind`:
 * its name, label, row in the privacy notice's table and retention rules);
 * its server half (./kind.server.ts) declares the rest. The privacy notice
 * (app/content/legal.ts) and the retention rules (app/retention/rules.ts)
 * read them from the registry (./index.ts).
 */
import type { KeptKind } from "~/calendar/period.ts";

/**
 * The order kinds' names: the `kind` of the `lead.created` webhook message
 * a started checkout sends (app/webhooks/events.server.ts): the paid
 * consultation ("booking") and places on a course ("course-booking").
 */
export type OrderKindName = "booking" | "course-booking";

export type OrderKindTexts<K extends OrderKindName = OrderKindName, R extends string = string> = KeptKind<K, R>;

/** Declares an order kind's texts (its rules' names kept as written). */
export const defineOrderKindTexts = <K extends OrderKindName, const R extends string>(
  texts: OrderKindTexts<K, R>,
): OrderKindTexts<K, R> => texts;
