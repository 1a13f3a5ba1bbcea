/**
 * Course bookings as the team reads them (issue 29): each session's places,
 * a session's roster, one booking with its invoices and timeline, and every
 * booking newest first by keyset (the inbox, the CSV export).
 */
import { recentCounts, recentCountsSelection, type RecentCounts } from "~/data/recent-counts.ts";
import type { Transaction } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { newestFirst } from "~/data/newest-first.server.ts";
import { liveStatuses, type CourseBooking, type CourseInvoice } from "./booking-store.server.ts";
import { leftIn } from "./places.server.ts";
import { currentInvoice } from "./documents.server.ts";

export type SessionPlaceCounts = {
  capacity: number;
  /** Places on paid or invoiced bookings. */
  sold: number;
  /** Places held for a card payment or for the booker's confirmation. */
  held: number;
  free: number;
};

/** Each session's capacity and its places sold, held and free; a session without places is not in the map. */
export async function sessionPlaceCounts(db: Db, keys: readonly string[]): Promise<Map<string, SessionPlaceCounts>> {
  if (keys.length === 0) return new Map();
  const unique = [...new Set(keys)];
  const [places, booked] = await Promise.all([
    db
      .selectFrom("course_session_places")
      .select(["session_key", "capacity", "taken", "closed_at"])
      .where("session_key", "in", unique)
      .execute(),
    db
      .selectFrom("course_bookings")
      .select((eb) => ["session_key", "status", eb.fn.sum<number | string>("quantity").as("places")])
      .where("session_key", "in", unique)
      .where("status", "in", liveStatuses)
      .groupBy(["session_key", "status"])
      .execute(),
  ]);
  const counts = new Map<string, SessionPlaceCounts>();
  for (const row of places) {
    counts.set(row.session_key, { capacity: row.capacity, sold: 0, held: 0, free: leftIn(row) });
  }
  for (const row of booked) {
    const count = counts.get(row.session_key);
    if (!count) continue;
    if (row.status === "held" || row.status === "unconfirmed") count.held += Number(row.places);
    else count.sold += Number(row.places);
  }
  return counts;
}

export type RosterRow = {
  bookingId: string;
  reference: string;
  position: number;
  /** Null: the name is to follow. */
  name: string | null;
  email: string | null;
  jobTitle: string | null;
  organisation: string;
  bookerName: string;
  bookerEmail: string;
  status: CourseBooking["status"];
  paymentMethod: CourseBooking["payment_method"];
};

/** Who is coming to a session: each place on its live bookings, in booking order. */
export async function roster(db: Db, sessionKey: string): Promise<RosterRow[]> {
  const rows = await db
    .selectFrom("course_booking_delegates as d")
    .innerJoin("course_bookings as b", "b.id", "d.booking_id")
    .select([
      "b.id as bookingId",
      "b.reference",
      "d.position",
      "d.name",
      "d.email",
      "d.job_title as jobTitle",
      "b.organisation",
      "b.booker_name as bookerName",
      "b.booker_email as bookerEmail",
      "b.status",
      "b.payment_method as paymentMethod",
    ])
    .where("b.session_key", "=", sessionKey)
    .where("b.status", "in", liveStatuses)
    .orderBy("b.created_at")
    .orderBy("b.id")
    .orderBy("d.position")
    .execute();
  return rows;
}

export type BookingEvent = { at: string; kind: string; actor: string | null; detail: Record<string, unknown> };

export type BookingDetail = {
  booking: CourseBooking;
  delegates: { position: number; name: string | null; email: string | null; jobTitle: string | null }[];
  /** Invoices and credit notes, in the order issued (without the document they print from). */
  invoices: Omit<CourseInvoice, "document">[];
  events: BookingEvent[];
};

/** A booking's places in order: each delegate, or (every field null) a name to follow. */
export function bookingDelegates(db: Db | Transaction<Database>, bookingId: string) {
  return db
    .selectFrom("course_booking_delegates")
    .select(["position", "name", "email", "job_title as jobTitle"])
    .where("booking_id", "=", bookingId)
    .orderBy("position")
    .execute();
}

/** The number of a booking's invoice that stands (not its credit notes, nor an invoice it replaced), or null before one is issued. */
export async function invoiceNumberOf(db: Db | Transaction<Database>, bookingId: string): Promise<string | null> {
  return (await currentInvoice(db, bookingId))?.number ?? null;
}

/** One booking with its places, invoices and timeline; null if there is none. */
export async function bookingDetail(db: Db, id: string): Promise<BookingDetail | null> {
  const booking = await db.selectFrom("course_bookings").selectAll().where("id", "=", id).executeTakeFirst();
  if (!booking) return null;
  const [delegates, invoices, events] = await Promise.all([
    bookingDelegates(db, id),
    db
      .selectFrom("course_invoices")
      .select([
        "id",
        "booking_id",
        "kind",
        "number",
        "issued_at",
        "net_pence",
        "vat_pence",
        "total_pence",
        "due_date",
        "related_invoice_id",
      ])
      .where("booking_id", "=", id)
      .orderBy("issued_at")
      .orderBy("number")
      .execute(),
    db
      .selectFrom("course_booking_events")
      .select(["at", "kind", "actor", "detail"])
      .where("booking_id", "=", id)
      .orderBy("at")
      .orderBy("id")
      .execute(),
  ]);
  return {
    booking,
    delegates,
    invoices,
    events: events.map((e) => ({ ...e, detail: JSON.parse(e.detail) as Record<string, unknown> })),
  };
}

/** Every course booking, newest first, a page at a time (`after`: the previous page's `next`). */
export async function listCourseBookings(
  db: Db,
  after: string | null,
  pageSize: number,
): Promise<{ rows: CourseBooking[]; next: string | null }> {
  return newestFirst(db.selectFrom("course_bookings").selectAll(), after, pageSize);
}

/** Course bookings placed (test bookings left out), in the last day, week and all kept: the overview's figures. */
export async function courseBookingCounts(db: Db, since: { day: string; week: string }): Promise<RecentCounts> {
  const row = await db
    .selectFrom("course_bookings")
    .select(recentCountsSelection(since))
    .where("is_test", "=", 0)
    .executeTakeFirstOrThrow();
  return recentCounts(row);
}
