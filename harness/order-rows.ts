/**
 * The one place the browser and HTTP specs and the benchmarks write or read
 * the order tables of a running site's database behind its back: `orders`,
 * `order_lines` and `payments`, and a course booking's own facts
 * (docs/decisions/076-order-tables.md). Rows are read through each kind's
 * view (`consultations`, `course_bookings`: `SELECT *`), so the specs'
 * assertions name each kind's columns.
 */
import { randomUUID } from "node:crypto";
import { consultationDescription } from "../app/orders/consultation-request.ts";
import { sqliteQuery, sqliteWrite, type Row } from "./servers.ts";

// ---------------------------------------------------------------------------
// The consultation (an order of kind `consultation`, read through `consultations`)
// ---------------------------------------------------------------------------

/** A consultation booking as a spec stores it: its order, line and payment, as the payment service writes them. */
export type ConsultationRowInput = {
  id?: string;
  name: string;
  email: string;
  quantity: number | null;
  amountPence: number;
  status: "pending" | "paid" | "failed" | "setup_failed";
  /** Made (and paid, if paid) at; now by default. */
  at?: string;
  paymentIntentId?: string | null;
  isTest?: boolean;
};

/** Stores a consultation booking in the site's SQLite database (in GBP, from /consultation-payment); returns its id. */
export function insertConsultationRow(dataDir: string, input: ConsultationRowInput): string {
  const id = input.id ?? randomUUID();
  const at = input.at ?? new Date().toISOString();
  const paidAt = input.status === "paid" ? at : null;
  sqliteWrite(
    dataDir,
    `INSERT INTO orders (id, kind, status, buyer_name, buyer_email, currency, total_pence, paid_at, source_page,
       is_test, created_at, updated_at)
     VALUES (?, 'consultation', ?, ?, ?, 'gbp', ?, ?, '/consultation-payment', ?, ?, ?)`,
    [id, input.status, input.name, input.email, input.amountPence, paidAt, input.isTest ? 1 : 0, at, at],
  );
  sqliteWrite(
    dataDir,
    `INSERT INTO order_lines (order_id, position, description, quantity, unit_price_pence, discount_pence, total_pence)
     VALUES (?, 1, ?, ?, ?, 0, ?)`,
    [
      id,
      consultationDescription({ isTest: input.isTest ?? false, quantity: input.quantity }),
      input.quantity,
      input.quantity ? input.amountPence / input.quantity : null,
      input.amountPence,
    ],
  );
  const status = input.status === "paid" ? "succeeded" : input.status === "pending" ? "pending" : "failed";
  sqliteWrite(
    dataDir,
    `INSERT INTO payments (id, order_id, provider, provider_reference, amount_pence, currency, status, failure_message,
       settled_at, created_at, updated_at)
     VALUES (?, ?, 'stripe', ?, ?, 'gbp', ?, NULL, ?, ?, ?)`,
    [
      randomUUID(),
      id,
      input.paymentIntentId === undefined ? `pi_${randomUUID().replace(/-/g, "")}` : input.paymentIntentId,
      input.amountPence,
      status,
      paidAt,
      at,
      at,
    ],
  );
  return id;
}

/** Every consultation booking's id. */
export const consultationIds = (dataDir: string): string[] =>
  sqliteQuery(dataDir, "SELECT id FROM consultations").map((row) => String(row.id));

/** The consultation bookings made with `email`, oldest first. */
export const consultationsOf = (dataDir: string, email: string): Row[] =>
  sqliteQuery(dataDir, "SELECT * FROM consultations WHERE customer_email = ? ORDER BY created_at", [email]);

/** The consultation booking of PaymentIntent `paymentIntentId`, if there is one. */
export const consultationOfPayment = (dataDir: string, paymentIntentId: string): Row | undefined =>
  sqliteQuery(dataDir, "SELECT * FROM consultations WHERE payment_intent_id = ?", [paymentIntentId])[0];

// ---------------------------------------------------------------------------
// Course bookings (orders of kind `course-booking`, read through `course_bookings`)
// ---------------------------------------------------------------------------

/** Every course booking's id. */
export const courseBookingIds = (dataDir: string): string[] =>
  sqliteQuery(dataDir, "SELECT id FROM course_bookings").map((row) => String(row.id));

/** The course bookings whose booker is `email`. */
export const courseBookingsOf = (dataDir: string, email: string): Row[] =>
  sqliteQuery(dataDir, "SELECT * FROM course_bookings WHERE booker_email = ?", [email]);

/** Sets a course booking's status behind the site's back (the state a job would leave). */
export const setCourseBookingStatus = (dataDir: string, id: string, status: string) =>
  sqliteWrite(dataDir, "UPDATE orders SET status = ? WHERE id = ?", [status, id]);

/** Moves the end of a course booking's session (as booked) to `endsAt`: time passes. */
export const setCourseBookingSessionEnd = (dataDir: string, id: string, endsAt: string) =>
  sqliteWrite(dataDir, "UPDATE course_booking_facts SET session_ends_at = ? WHERE id = ?", [endsAt, id]);

/** A course booking as the booking benchmark checks it, with its invoices and named delegates counted. */
export type CourseBookingSummary = {
  id: string;
  email: string;
  status: string;
  method: string;
  quantity: number;
  total: number;
  intent: string | null;
  invoices: number;
  delegates: number;
};

/** A quoted SQL string literal. */
const literal = (s: string): string => `'${s.replaceAll("'", "''")}'`;

/**
 * The course bookings on session `sessionKey`, read with `reader` (of the
 * site's database, SQLite or PostgreSQL: SQL without parameters).
 */
export async function courseBookingsOnSession(
  reader: { query(sql: string): Promise<Record<string, unknown>[]> },
  sessionKey: string,
): Promise<CourseBookingSummary[]> {
  const rows = await reader.query(
    `SELECT b.id, b.booker_email, b.status, b.payment_method, b.quantity, b.total_pence, b.payment_intent_id,
            (SELECT COUNT(*) FROM course_invoices i WHERE i.booking_id = b.id AND i.kind = 'invoice') AS invoices,
            (SELECT COUNT(*) FROM course_booking_delegates d WHERE d.booking_id = b.id) AS delegates
       FROM course_bookings b WHERE b.session_key = ${literal(sessionKey)}`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    email: String(r.booker_email),
    status: String(r.status),
    method: String(r.payment_method),
    quantity: Number(r.quantity),
    total: Number(r.total_pence),
    intent: r.payment_intent_id === null ? null : String(r.payment_intent_id),
    invoices: Number(r.invoices),
    delegates: Number(r.delegates),
  }));
}
