/**
 * CSV exports, streamed: the file is written a batch of rows at a time as
 * the browser reads it (a keyset walk through the table), never built
 * whole in memory. Three of them: the inbox's current filtered list,
 * confirmed newsletter subscribers, and each order kind's
 * (bookings: its `export`, app/orders/kind.server.ts). Each starts with a byte
 * order mark and neutralises formulas (./csv.ts).
 */
import { everyPage } from "~/data/cursor.ts";
import type { Db } from "~/data/db.server.ts";
import { inboxKinds } from "./kinds.server.ts";
import { byteOrderMark, csvLine } from "./csv.ts";
import type { InboxFilters } from "./filters.ts";
import { spreadsheetTime } from "~/format/spreadsheet.ts";
import { listLeads } from "./query.server.ts";
import { statusLabels } from "~/data/lead-statuses.ts";

type Cell = string | number | null;
const batchSize = 1000;

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
  for await (const rows of everyPage((after) => listLeads(db, filters, viewerId, after, batchSize))) {
    yield rows.map((r) => {
      const kind = inboxKinds[r.kind];
      return [
        spreadsheetTime(r.createdAt),
        kind.label,
        r.name,
        r.email,
        r.company,
        kind.subjectLabel(r.subject),
        r.pillar,
        r.sourcePage,
        r.landingPage,
        r.referrer,
        r.campaign,
        statusLabels[r.status],
        r.ownerName,
        spreadsheetTime(r.deadlineAt),
        r.id,
      ];
    });
  }
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
    yield rows.map((r) => [r.email, spreadsheetTime(r.confirmed_at), spreadsheetTime(r.created_at), r.source_page]);
    after = rows.at(-1)!.id;
  }
}
