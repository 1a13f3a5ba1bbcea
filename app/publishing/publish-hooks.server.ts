/**
 * What publishing an item of a type does beyond the content itself, per
 * type (docs/decisions/055-course-sessions-as-content.md). The store
 * (store.server.ts) runs `onLive` inside the transaction that puts an item on
 * the site (a publish, a restore, a scheduled publish, the release's seed),
 * and `beforeOff` inside one that takes it off (unpublish, delete); the
 * editor (editor.server.ts) asks `confirmBeforePublish` before a publish or a
 * schedule and wants a second submit with `confirm` when it answers.
 *
 * A course session: its capacity is its places row's (course_session_places,
 * app/orders/course-booking/places.server.ts), set in the same transaction,
 * refused below the places already sold or held; a change of what a place
 * costs, when or where it runs while places are taken asks to confirm first
 * (saying that a price changes for new bookings only, and that a change of
 * days, hours or place is sent to each delegate as a calendar update:
 * app/orders/course-booking/invitations.server.ts, as is a new joining
 * link to each delegate sent their joining instructions, ADR 085); and a session with
 * places taken is cancelled (its state), never unpublished.
 */
import type { Transaction } from "kysely";
import { priceChangeNeedsAdministrator, type SessionPrices } from "~/content/session-price-rules.ts";
import { setCapacity } from "~/orders/course-booking/places.server.ts";
import type { ContentType } from "~/content/types.server.ts";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";

type Tx = Transaction<Database> | Db;

/** A field's refusal, by its path in the item (as the store's FieldIssue). */
export type HookIssue = { path: string; message: string };

export type PublishHooks = {
  /** The item (valid, `data`) goes on the site: a field's refusal rolls the change back. */
  onLive?(trx: Tx, key: string, data: unknown, now: Date): Promise<HookIssue | null>;
  /** The item is taken off the site (unpublished or deleted): a sentence refuses it. */
  beforeOff?(trx: Tx, key: string): Promise<string | null>;
  /** Publishing `draft` over `live` (null: never published) wants the person's confirmation: what to say, or null. */
  confirmBeforePublish?(db: Tx, key: string, live: unknown, draft: unknown): Promise<string | null>;
};

const placesWord = (n: number) => (n === 1 ? "1 place is" : `${n} places are`);

async function placesTaken(db: Tx, key: string): Promise<number> {
  const row = await db
    .selectFrom("course_session_places")
    .select("taken")
    .where("session_key", "=", key)
    .executeTakeFirst();
  return row ? Number(row.taken) : 0;
}

/** The fields of a session whose change a booking made before it does not follow. */
const bookedTerms = ["pricePence", "earlyBird", "capacity"] as const;
/** The fields whose change reaches the delegates already booked, as a calendar update. */
const delegatesTold = ["startDate", "hours", "format", "venue"] as const;

const sessionHooks: PublishHooks = {
  async onLive(trx, key, data, now) {
    const capacity = (data as { capacity: number }).capacity;
    const result = await setCapacity(trx, key, capacity, now);
    return result.ok ? null : { path: "capacity", message: result.message };
  },
  async beforeOff(trx, key) {
    const taken = await placesTaken(trx, key);
    if (!taken) return null;
    return `${placesWord(taken)} sold or held on this session: set its state to cancelled instead, so its bookers are told and refunded.`;
  },
  async confirmBeforePublish(db, key, live, draft) {
    if (live === null || live === undefined) return null;
    const before = live as Record<string, unknown>;
    const after = draft as Record<string, unknown>;
    const differs = (f: string) => JSON.stringify(before[f]) !== JSON.stringify(after[f]);
    const terms = bookedTerms.some(differs);
    const told = delegatesTold.some(differs);
    // New days (another first day: a course always runs five): every booker may then take another date or a full refund.
    const rescheduled = differs("startDate");
    // Sealed as saved: the same link keeps its seal (webinar-links.server.ts), a new one differs.
    const link = differs("joiningLink");
    if (!terms && !told && !link) return null;
    const taken = await placesTaken(db, key);
    if (!taken) return null;
    return [
      `${placesWord(taken)} already sold or held on this session.`,
      terms ? "A new price or capacity applies to new bookings only: existing bookings keep what they pay." : "",
      told
        ? "New days, hours or a new place apply to everyone: each delegate already booked is sent a calendar update with them."
        : "",
      rescheduled
        ? "New days give each booker the choice our terms promise: another date at no extra cost, or a full refund, until the course starts, even if the days are changed back."
        : "",
      link
        ? "A new joining link is e-mailed at once to each delegate already sent their joining instructions, with a calendar update that carries it."
        : "",
      "Tick the box and publish again to confirm.",
    ]
      .filter(Boolean)
      .join(" ");
  },
};

/**
 * Why publishing a session's `draft` over `live` needs an administrator (a
 * price below the floor, or any price change while places are sold or
 * held: app/content/session-price-rules.ts), or null. Other types: null.
 */
export async function priceNeedsAdministrator(
  db: Tx,
  type: ContentType,
  key: string,
  live: unknown,
  draft: unknown,
): Promise<string | null> {
  if (type !== "session" || draft === null || draft === undefined) return null;
  return priceChangeNeedsAdministrator(
    (live ?? null) as SessionPrices | null,
    draft as SessionPrices,
    await placesTaken(db, key),
  );
}

/** Each type's hooks (most types have none). */
export const publishHooks: Partial<Record<ContentType, PublishHooks>> = {
  session: sessionHooks,
};
