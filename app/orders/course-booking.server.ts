/**
 * Course bookings, server half (docs/decisions/042-orders-are-one-domain.md,
 * 056-course-bookings.md): the course_bookings table and what belongs to a
 * booking (its delegates, VAT invoices and credit notes, timeline), its
 * secret (the card payment's client secret), access requests (a booker's
 * bookings; a delegate's own place), erasure (an invoiced or paid booking is
 * an accounting record: the invoice keeps the customer's name, organisation
 * and billing address, as HMRC requires, and everything else personal goes;
 * a booking never invoiced nor paid goes entirely), the retention sweep and
 * the CSV export. The services are ./course-booking/.
 */
import type { ExpressionBuilder, Transaction } from "kysely";
import type { Database } from "~/data/schema.ts";
import { everyPage } from "~/data/cursor.ts";
import { sameAddress } from "~/data/same-address.ts";
import { spreadsheetTime } from "~/format/spreadsheet.ts";
import { listCourseBookings } from "./course-booking/booking-reads.server.ts";
import { bookingLeadDetails, sessionSubjectLabel } from "./course-booking/inbox.server.ts";
import { paymentStateText } from "./course-booking/states.ts";
import { courseBookingKind } from "./course-booking.ts";
import type { CsvCell, OrderKind } from "./kind.server.ts";
import { liveStatuses, updateFacts } from "./course-booking/booking-store.server.ts";
import { releasePlaces } from "./course-booking/places.server.ts";
import { deleteOrders, lockOrder, orderParts, sweepOrderParts, updateOrder } from "./store.server.ts";

const batchSize = 1000;

/** A booking (its order) that is an accounting record: it was paid, or it has an invoice. */
const isAccountingRecord = (eb: ExpressionBuilder<Database, "orders">) =>
  eb.or([
    eb("orders.paid_at", "is not", null),
    eb.exists(eb.selectFrom("course_invoices as inv").select("inv.id").whereRef("inv.booking_id", "=", "orders.id")),
  ]);

/** The parts of a booking, deleted after its order. */
const parts = [
  "course_booking_events",
  "course_booking_delegates",
  "course_booking_links",
  "course_invitations",
  "course_joining",
  "course_invoices",
] as const;

/** What stands where an erased booker's booking had words the team or Stripe wrote. */
const erasedWords = "(erased on request)";

/** The timeline's free text, by event kind: the detail's fields that hold words rather than facts. */
const timelineWords: Record<string, readonly string[]> = {
  cancelled: ["reason"],
  paid: ["note"],
  "payment-failed": ["message"],
  "refund-failed": ["message"],
};

/** Replaces the free text of the timelines of bookings `ids` (erasure keeps their facts, not their words). */
async function eraseTimelineWords(trx: Transaction<Database>, ids: string[]): Promise<void> {
  const events = await trx
    .selectFrom("course_booking_events")
    .select(["id", "kind", "detail"])
    .where("booking_id", "in", ids)
    .where("kind", "in", Object.keys(timelineWords))
    .execute();
  for (const event of events) {
    const detail = JSON.parse(event.detail) as Record<string, unknown>;
    const fields = (timelineWords[event.kind] ?? []).filter((field) => typeof detail[field] === "string");
    if (fields.length === 0) continue;
    for (const field of fields) detail[field] = erasedWords;
    await trx
      .updateTable("course_booking_events")
      .set({ detail: JSON.stringify(detail) })
      .where("id", "=", event.id)
      .execute();
  }
}

/**
 * Deletes bookings never invoiced nor paid (so with no invoice), with their
 * places and timeline. One still holding places (a card hold, an invoice
 * booking not yet confirmed) gives them back to its date first, under its
 * order's lock, so that a booking erased is never places lost to the date.
 */
async function deleteBookings(trx: Transaction<Database>, ids: string[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  for (const id of [...ids].sort()) await lockOrder(trx, id);
  const holding = await trx
    .selectFrom("course_bookings")
    .select(["session_key", "quantity"])
    .where("id", "in", ids)
    .where("status", "in", liveStatuses)
    .orderBy("session_key")
    .execute();
  for (const booking of holding) await releasePlaces(trx, booking.session_key, booking.quantity, now);
  for (const table of [
    "course_booking_events",
    "course_booking_delegates",
    "course_booking_links",
    "course_invitations",
    "course_joining",
  ] as const)
    await trx.deleteFrom(table).where("booking_id", "in", ids).execute();
  await trx.deleteFrom("course_booking_facts").where("id", "in", ids).execute();
  return deleteOrders(trx, ids);
}

export const courseBookingColumns = [
  "Created (London)",
  "Reference",
  "Course",
  "Session",
  "Places",
  "Booker",
  "E-mail",
  "Organisation",
  "Payment",
  "Status",
  "Net",
  "VAT",
  "Total",
  "Credited",
  "Paid (London)",
  "Cancelled (London)",
  "Test",
  "Booking id",
] as const;

const pounds = (pence: number) => (pence / 100).toFixed(2);

export const courseBooking: OrderKind<"course-booking"> = {
  ...courseBookingKind,
  table: "course_booking_facts",
  otherTables: [
    ...orderParts,
    "orders",
    "course_booking_delegates",
    "course_booking_events",
    "course_booking_links",
    "course_invitations",
    "course_joining",
    "course_waiting",
  ],
  secretColumns: [],
  async findByAddress(db, address) {
    // As the booker: the booking and its places.
    const booked = await db
      .selectFrom("course_bookings")
      .selectAll()
      .where(sameAddress("booker_email", address))
      .orderBy("created_at")
      .execute();
    const bookedIds = booked.map((b) => b.id);
    const delegates = booked.length
      ? await db
          .selectFrom("course_booking_delegates")
          .select(["booking_id", "position", "name", "email", "job_title"])
          .where("booking_id", "in", bookedIds)
          .orderBy("position")
          .execute()
      : [];
    // Its timeline (what happened to it, and when) and its VAT documents, as the privacy notice lists them.
    const timeline = booked.length
      ? await db
          .selectFrom("course_booking_events")
          .select(["booking_id", "at", "kind", "detail"])
          .where("booking_id", "in", bookedIds)
          .orderBy("at")
          .orderBy("id")
          .execute()
      : [];
    const documents = booked.length
      ? await db
          .selectFrom("course_invoices")
          .select(["booking_id", "kind", "number", "issued_at", "net_pence", "vat_pence", "total_pence", "due_date"])
          .where("booking_id", "in", bookedIds)
          .orderBy("issued_at")
          .execute()
      : [];
    // As a delegate someone else named: that place and what it is for (not the booker's details).
    const named = await db
      .selectFrom("course_booking_delegates as d")
      .innerJoin("course_bookings as b", "b.id", "d.booking_id")
      .select([
        "b.id",
        "b.created_at",
        "b.reference",
        "b.course_title",
        "b.session_label",
        "b.organisation",
        "b.status",
        "d.position",
        "d.name",
        "d.email",
        "d.job_title",
      ])
      .where(sameAddress("d.email", address))
      .where((eb) => eb.not(sameAddress("b.booker_email", address)))
      .orderBy("b.created_at")
      .execute();
    return [
      ...booked.map((b) => ({
        ...b,
        delegates: delegates
          .filter((d) => d.booking_id === b.id)
          .map(({ position, name, email, job_title }) => ({ position, name, email, job_title })),
        timeline: timeline
          .filter((e) => e.booking_id === b.id)
          .map(({ at, kind, detail }) => ({ at, kind, detail: JSON.parse(detail) as unknown })),
        documents: documents.filter((d) => d.booking_id === b.id).map(({ booking_id: _booking, ...d }) => d),
      })),
      ...named.map((row) => ({ ...row, role: "delegate" })),
      // The calendar invitations sent to the address: which booking, the event's UID and how often it was updated.
      ...(
        await db
          .selectFrom("course_invitations")
          .select(["booking_id", "uid", "sequence", "state", "created_at", "updated_at"])
          .where("email", "=", address.toLowerCase())
          .orderBy("created_at")
          .execute()
      ).map((row) => ({ ...row, role: "calendar-invitation" })),
      // The joining instructions sent to the address, and the answers to the pre-course questionnaire.
      ...(
        await db
          .selectFrom("course_joining")
          .select([
            "booking_id",
            "instructions_sent_at",
            "reminder_sent_at",
            "objectives",
            "experience",
            "access_needs",
            "dietary_needs",
            "answered_at",
          ])
          .where("email", "=", address.toLowerCase())
          .orderBy("created_at")
          .execute()
      ).map((row) => ({ ...row, role: "pre-course-questionnaire" })),
      // The waiting lists the address asked to join (ADR 083); the links' fingerprints are not the person's.
      ...(
        await db
          .selectFrom("course_waiting")
          .select([
            "course_id",
            "session_key",
            "session_starts_at",
            "name",
            "email",
            "organisation",
            "places",
            "state",
            "created_at",
            "confirmed_at",
            "offered_at",
            "offer_expires_at",
            "ended_at",
          ])
          .where(sameAddress("email", address))
          .orderBy("created_at")
          .execute()
      ).map((row) => ({ ...row, role: "waiting-list" })),
    ];
  },
  async erase(trx, address, now) {
    const mine = await trx
      .selectFrom("orders")
      .select((eb) => ["id", isAccountingRecord(eb).as("accounting")])
      .where("kind", "=", "course-booking")
      .where(sameAddress("buyer_email", address))
      .execute();
    const kept = mine.filter((b) => Boolean(b.accounting)).map((b) => b.id);
    const deleted = await deleteBookings(
      trx,
      mine.filter((b) => !b.accounting).map((b) => b.id),
      now,
    );
    if (kept.length) {
      // The invoice's customer (name, organisation, billing address) stays, as HMRC requires; the rest goes.
      // updated_at is the retention's age date: an erasure does not move it.
      await updateOrder(trx, kept, { buyer_email: "erased" });
      await updateFacts(trx, kept, { booker_phone: "", job_title: "", erased_at: now.toISOString() });
      await trx.updateTable("payments").set({ failure_message: null }).where("order_id", "in", kept).execute();
      // What the team or Stripe wrote in words (a cancellation's reason, a payment's note, a card's failure)
      // may name the booker: the booking's own copies go. An issued credit note keeps its text, as issued.
      await trx
        .updateTable("course_booking_facts")
        .set({ cancel_reason: erasedWords })
        .where("id", "in", kept)
        .where("cancel_reason", "is not", null)
        .execute();
      await eraseTimelineWords(trx, kept);
      await trx
        .updateTable("course_booking_delegates")
        .set({ name: null, email: null, job_title: null, updated_at: now.toISOString() })
        .where("booking_id", "in", kept)
        .execute();
      // The booker's links open the booking no more; the delegates' calendar invitations go.
      await trx.deleteFrom("course_booking_links").where("booking_id", "in", kept).execute();
      await trx.deleteFrom("course_invitations").where("booking_id", "in", kept).execute();
      await trx.deleteFrom("course_joining").where("booking_id", "in", kept).execute();
    }
    // A delegate someone else named: their place stays, their name, address and job title go.
    await trx
      .updateTable("course_booking_delegates")
      .set({ name: null, email: null, job_title: null, updated_at: now.toISOString() })
      .where(sameAddress("email", address))
      .execute();
    // And the calendar invitation sent to them (kept lower-cased).
    await trx.deleteFrom("course_invitations").where("email", "=", address.toLowerCase()).execute();
    // And their joining record: the questionnaire's link and every answer.
    await trx.deleteFrom("course_joining").where("email", "=", address.toLowerCase()).execute();
    // And their waiting list requests (ADR 083): an offer's held places go back to the date first.
    // One statement: each request's state is the one it had as it was deleted (an offer that lapsed or was
    // booked meanwhile gave its places back, or made them a booking's, already), so none is given back twice.
    const gone = await trx
      .deleteFrom("course_waiting")
      .where(sameAddress("email", address))
      .returning(["session_key", "places", "state"])
      .execute();
    for (const o of gone) if (o.state === "offered") await releasePlaces(trx, o.session_key, o.places, now);
    return { deleted, kept: kept.length };
  },
  inbox: { subjectLabel: sessionSubjectLabel, details: bookingLeadDetails },
  async sweep({ cutoff, deleteRows, emptyColumns, forgetListings }) {
    const counts = {
      // A delegate's access and dietary needs: 14 days after the course ended (the rest of their answers stays);
      // first, so that a booking deleted below is counted here too.
      course_delegate_needs: await emptyColumns("course_joining", ["access_needs", "dietary_needs"], (rows) =>
        rows.where((eb) =>
          eb.and([
            eb.or([eb("access_needs", "is not", null), eb("dietary_needs", "is not", null)]),
            eb(
              "booking_id",
              "in",
              eb
                .selectFrom("course_bookings as b")
                .select("b.id")
                .where("b.session_ends_at", "<", cutoff("course_delegate_needs")),
            ),
          ]),
        ),
      ),
      // A date's waiting list, 30 days after the course ended; a request never confirmed, 7 days after it was made.
      // An offer still out is not deleted (its places are held until it lapses).
      course_waiting_lists: await deleteRows("course_waiting", (rows) =>
        rows.where("session_ends_at", "<", cutoff("course_waiting_lists")).where("state", "!=", "offered"),
      ),
      course_waiting_unconfirmed: await deleteRows("course_waiting", (rows) =>
        rows.where("state", "=", "unconfirmed").where("created_at", "<", cutoff("course_waiting_unconfirmed")),
      ),
      // Invoiced or paid: 6 years from the end of the financial year of the last change (invoice, payment, credit, cancellation).
      course_bookings_accounting: await deleteRows("orders", (rows) =>
        rows.where((eb) =>
          eb.and([
            eb("kind", "=", "course-booking"),
            isAccountingRecord(eb),
            eb("updated_at", "<", cutoff("course_bookings_accounting")),
          ]),
        ),
      ),
      // Never invoiced nor paid (an expired card hold, an invoice booking not confirmed in time, one cancelled unpaid): 30 days after.
      course_bookings_unpaid: await deleteRows("orders", (rows) =>
        rows.where((eb) =>
          eb.and([
            eb("kind", "=", "course-booking"),
            eb.not(isAccountingRecord(eb)),
            eb("status", "in", ["expired", "lapsed", "cancelled"]),
            eb("updated_at", "<", cutoff("course_bookings_unpaid")),
          ]),
        ),
      ),
    };
    // Then what belonged to the bookings that went (the order first: whether it is an
    // accounting record depends on its invoices). Also what an interrupted run left.
    await sweepOrderParts(deleteRows);
    await deleteRows("course_booking_facts", (rows) =>
      rows.where((eb) =>
        eb.not(eb.exists(eb.selectFrom("orders as o").select("o.id").whereRef("o.id", "=", "course_booking_facts.id"))),
      ),
    );
    for (const table of parts) {
      await deleteRows(table, (rows) =>
        rows.where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom("course_bookings as b").select("b.id").whereRef("b.id", "=", `${table}.booking_id`),
            ),
          ),
        ),
      );
    }
    // And their rows in the inbox, with the team's notes on them.
    await forgetListings("course-booking", "course_booking_facts");
    return counts;
  },
  export: {
    file: "course-bookings",
    columns: courseBookingColumns,
    /** Every course booking, newest first. */
    async *rows(db): AsyncGenerator<CsvCell[][]> {
      for await (const rows of everyPage((after) => listCourseBookings(db, after, batchSize))) {
        yield rows.map((r) => [
          spreadsheetTime(r.created_at),
          r.reference,
          r.course_title,
          r.session_label,
          r.quantity,
          r.booker_name,
          r.booker_email,
          r.organisation,
          r.payment_method === "card" ? "Card" : "Invoice",
          paymentStateText[r.status],
          pounds(r.net_pence),
          pounds(r.vat_pence),
          pounds(r.total_pence),
          pounds(r.credited_pence),
          spreadsheetTime(r.paid_at),
          spreadsheetTime(r.cancelled_at),
          r.is_test ? "yes" : "no",
          r.id,
        ]);
      }
    },
  },
};
