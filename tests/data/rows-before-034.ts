/**
 * Rows of the consultation's `bookings` and of `course_bookings` as
 * migrations 002–033 shaped them (migration 034 moved them into the order
 * tables): what the tests of those migrations store before running them.
 */

/** When the rows were made, and last changed. */
export const at = "2026-11-20T10:00:00.000Z";
export const later = "2026-11-21T12:30:00.000Z";

/** A consultation booking as migration 033 left the table. */
export const consultationBefore034 = (id: string, over: Record<string, unknown>) => ({
  id,
  created_at: at,
  updated_at: later,
  customer_name: `Buyer ${id}`,
  customer_email: `${id}@example.test`,
  quantity: 2,
  amount_pence: 900_000,
  currency: "gbp",
  status: "pending",
  payment_intent_id: `pi_${id}`,
  client_secret: null,
  paid_at: null,
  failure_message: null,
  is_test: 0,
  source_page: "/consultation-payment",
  ...over,
});

/** A course booking as migration 033 left the table. */
export const courseBookingBefore034 = (id: string, over: Record<string, unknown>) => ({
  id,
  reference: `MB-${id
    .toUpperCase()
    .replace(/[^A-Z]/g, "")
    .padEnd(8, "X")
    .slice(0, 8)}`,
  session_key: "risk-2027-03",
  course_id: "risk-management",
  course_title: "Risk Management",
  session_label: "8 March 2027 to 12 March 2027, London",
  session_starts_at: "2027-03-08T09:00:00.000Z",
  session_ends_at: "2027-03-12T17:00:00.000Z",
  session_first_day: "2027-03-08",
  session_last_day: "2027-03-12",
  session_format: "in-person",
  session_venue: JSON.stringify({ name: "Hall", streetAddress: "1 Lane", locality: "London", postalCode: "EC1 1AA" }),
  status: "invoiced",
  payment_method: "invoice",
  booker_name: `Booker ${id}`,
  booker_email: `${id}@example.test`,
  booker_phone: "020 7946 0000",
  organisation: "Order Ltd",
  job_title: "Head of Risk",
  address_line1: "2 Queen Street",
  address_line2: null,
  city: "London",
  postcode: "EC4N 1SP",
  country: "United Kingdom",
  purchase_order: "PO-1",
  vat_number: "GB980780684",
  quantity: 3,
  unit_price_pence: 450_000,
  discount_pence: 135_000,
  net_pence: 1_215_000,
  vat_rate_bp: 2000,
  vat_pence: 243_000,
  total_pence: 1_458_000,
  price_basis: "list",
  terms_text: JSON.stringify(["Terms."]),
  terms_accepted_at: at,
  hold_expires_at: null,
  payment_intent_id: null,
  client_secret: null,
  payment_failure: null,
  paid_at: null,
  cancelled_at: null,
  cancel_reason: null,
  credited_pence: 0,
  erased_at: null,
  created_at: at,
  updated_at: later,
  is_test: 0,
  ...over,
});
