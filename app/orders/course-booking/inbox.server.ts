/**
 * A course booking as the inbox reads it (issue 29, docs/decisions/058-course-bookings-in-the-inbox.md;
 * its row is written where the booking is placed: ./inbox-listing.server.ts):
 * its subject (the session) as the team reads it, and what the lead's page
 * shows, read from the booking itself, with a link to the booking's own
 * page (invoices, payments, places).
 */
import { sessionDateLabel } from "~/calendar/session-dates.ts";
import { formatPenceGbp } from "~/format/money.ts";
import type { Db } from "~/data/db.server.ts";
import type { ListedDetails } from "~/data/inbox-index.server.ts";
import { sessionByKey } from "./bookable.server.ts";
import { bookingDelegates } from "./booking-reads.server.ts";
import { paymentStateText } from "./states.ts";

/** A session's key as the team reads it: its course and dates (the key itself once the session is gone). */
export function sessionSubjectLabel(key: string): string {
  const published = sessionByKey(key);
  return published ? `${published.course.title}, ${sessionDateLabel(published.session)}` : key;
}

const methodText = { card: "by card", invoice: "by invoice" } as const;

/** What the lead's page shows of a booking: read from the booking, never copied into the inbox. */
export async function bookingLeadDetails(db: Db, id: string): Promise<ListedDetails | null> {
  const b = await db.selectFrom("course_bookings").selectAll().where("id", "=", id).executeTakeFirst();
  if (!b) return null;
  const delegates = await bookingDelegates(db, id);
  const fields: [string, string][] = [
    ["Reference", b.reference],
    ["Course", b.course_title],
    ["Dates", b.session_label],
    ["Places", String(b.quantity)],
    [
      "Delegates",
      delegates.map((d) => (d.name ? `${d.name}${d.jobTitle ? `, ${d.jobTitle}` : ""}` : "Name to follow")).join("\n"),
    ],
    ["Job title", b.job_title],
    ["Phone", b.booker_phone],
    ["Billing address", [b.address_line1, b.address_line2, b.city, b.postcode, b.country].filter(Boolean).join(", ")],
    ["Payment", `${paymentStateText[b.status]} (${methodText[b.payment_method]})`],
    ["Total", `${formatPenceGbp(b.total_pence)} (${formatPenceGbp(b.net_pence)} + VAT ${formatPenceGbp(b.vat_pence)})`],
    ["Purchase order", b.purchase_order ?? ""],
    ["VAT number", b.vat_number ?? ""],
    ["Cancellation", b.cancel_reason ?? ""],
  ];
  return {
    fields: fields.filter(([, value]) => value !== ""),
    agreed: { heading: "The terms they accepted", text: (JSON.parse(b.terms_text) as string[]).join("\n\n") },
    page: {
      href: `/admin/course-bookings/${b.id}`,
      text: `Open booking ${b.reference}: invoices, payments and places`,
    },
  };
}
