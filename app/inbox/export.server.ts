/**
 * CSV exports, streamed: the file is written a batch of rows at a time as
 * the browser reads it (a keyset walk through the table), never built
 * whole in memory. Three of them: the inbox's current filtered list,
 * confirmed newsletter subscribers, and bookings. Each starts with a byte
 * order mark and neutralises formulas (./csv.ts).
 */
import type { Db } from "~/data/db.server.ts";
import { leadKinds } from "~/leads/kinds/index.server.ts";
import { byteOrderMark, csvLine } from "./csv.ts";
import type { InboxFilters } from "./filters.ts";
import { listBookings } from "./bookings.server.ts";
import { listLeads } from "./query.server.ts";
import { statusLabels } from "~/data/lead-statuses.ts";

type Cell = string | number | null;
const batchSize = 1000;
const london = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});
/** "24/11/2026, 10:15": what a spreadsheet in the UK reads as a date and time. */
const londonTime = (iso: string | null) => (iso ? london.format(new Date(iso)) : "");

/** A CSV file as a stream: the header, then each batch of rows as it is read. */
export function csvStream(header: readonly string[], batches: AsyncGenerator<Cell[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(byteOrderMark + csvLine(header)));
        return;
      }
      const { value, done } = await batches.next();
      if (done) return controller.close();
      controller.enqueue(encoder.encode(value.map(csvLine).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

export const leadColumns = [
  "Received (London)",
  "Kind",
  "Name",
  "E-mail",
  "Company",
  "Subject",
  "Pillar",
  "Source page",
  "Landing page",
  "Referrer",
  "Campaign",
  "Status",
  "Owner",
  "Answer by (London)",
  "Lead id",
] as const;

/** The inbox's filtered list, every page of it. */
export async function* leadRows(db: Db, filters: InboxFilters, viewerId: string): AsyncGenerator<Cell[][]> {
  let after: string | null = null;
  do {
    const page = await listLeads(db, filters, viewerId, after, batchSize);
    yield page.rows.map((r) => {
      const kind = leadKinds[r.kind];
      return [
        londonTime(r.createdAt),
        kind.label,
        r.name,
        r.email,
        r.company,
        r.subject ? kind.subjectLabel(r.subject) : "",
        r.pillar,
        r.sourcePage,
        r.landingPage,
        r.referrer,
        r.campaign,
        statusLabels[r.status],
        r.ownerName,
        londonTime(r.deadlineAt),
        r.id,
      ];
    });
    after = page.next;
  } while (after);
}

export const subscriberColumns = ["E-mail", "Confirmed (London)", "Signed up (London)", "Source page"] as const;

/** Confirmed newsletter subscribers (test sign-ups left out), by id. */
export async function* subscriberRows(db: Db): AsyncGenerator<Cell[][]> {
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("newsletter_subscriptions")
      .select(["id", "email", "confirmed_at", "created_at", "source_page"])
      .where("status", "=", "confirmed")
      .where("is_test", "=", 0)
      .where("id", ">", after)
      .orderBy("id")
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((r) => [r.email, londonTime(r.confirmed_at), londonTime(r.created_at), r.source_page]);
    after = rows.at(-1)!.id;
  }
}

export const bookingColumns = [
  "Created (London)",
  "Name",
  "E-mail",
  "Participants",
  "Amount",
  "Currency",
  "Status",
  "Paid (London)",
  "Stripe payment",
  "Test",
  "Booking id",
] as const;

/** Every booking, newest first. */
export async function* bookingRows(db: Db): AsyncGenerator<Cell[][]> {
  let after: string | null = null;
  do {
    const { rows, next } = await listBookings(db, after, batchSize);
    after = next;
    yield rows.map((r) => [
      londonTime(r.created_at),
      r.customer_name,
      r.customer_email,
      r.quantity,
      (r.amount_pence / 100).toFixed(2),
      r.currency.toUpperCase(),
      r.status,
      londonTime(r.paid_at),
      r.payment_intent_id,
      r.is_test ? "yes" : "no",
      r.id,
    ]);
  } while (after);
}
