/**
 * What the team does to one course booking from its page (issue 29): mark
 * its invoice paid when the transfer arrives, name or pass on a place,
 * cancel it with the terms' credit or another amount with the reason, move
 * it to another date of its course (ADR 081). Each
 * in one order: the change is made (or refused, with the reason), and only
 * a change that was made is audited. Answers as the page shows them, with
 * the status to send. Who may do this (the "leads" permission) is checked
 * by the route before it calls.
 */
import { data } from "react-router";
import { formatPenceGbp } from "~/format/money.ts";
import { bookingDetail } from "~/orders/course-booking/booking-reads.server.ts";
import type { CourseBookingService } from "~/orders/course-booking/service.server.ts";
import { readCreditOverride } from "~/orders/course-booking/team-rules.ts";
import { transferRefusalText, type TransferRefusal } from "~/orders/course-booking/transfer-rules.ts";
import type { ClientFacts, StaffUser } from "./accounts.server.ts";
import { audit, type AuditEntry } from "./audit.server.ts";
import type { StaffServices } from "./service.server.ts";

export type BookingDeskAnswer = {
  done?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

export const unknownBooking = "There is no such booking. It may have been deleted at the end of its retention period.";

const namePlaceRefusals = {
  "not-found": "There is no such booking.",
  "not-live": "This booking is cancelled, lapsed or erased: its places cannot be named.",
  started: "The course has started: its places can no longer be named or passed on.",
  "no-such-place": "Choose one of the booking's places.",
  taken: "This person already has another place on the booking: each place is one person.",
  unchanged: "That is already who holds this place.",
} as const;

/** Runs the posted form's `intent` on booking `id` for `user`; throws a 404 answer for an unknown booking. */
export async function courseBookingDeskAction(
  {
    staff,
    client,
    bookings,
  }: { staff: Pick<StaffServices, "db">; client: Pick<ClientFacts, "ip">; bookings: CourseBookingService },
  user: Pick<StaffUser, "id" | "email">,
  id: string,
  form: FormData,
  now: Date,
) {
  const record = (entry: Omit<AuditEntry, "ip">, at: Date) => audit(staff.db, { ...entry, ip: client.ip }, at);
  const intent = form.get("intent");
  if (!(await bookingDetail(staff.db, id))) throw data(unknownBooking, { status: 404 });
  if (intent === "mark-paid") {
    const note = String(form.get("note") ?? "")
      .trim()
      .slice(0, 300);
    const result = await bookings.markPaid(id, user.id, note || undefined);
    if (!result.ok)
      return data<BookingDeskAnswer>(
        { error: "Only a booking awaiting its invoice's transfer can be marked paid." },
        { status: 409 },
      );
    await record({ actor: user, action: "course-booking-paid", target: `course-booking:${id}`, detail: { note } }, now);
    return data<BookingDeskAnswer>({ done: "Marked paid." });
  }
  if (intent === "name-place") {
    const values = Object.fromEntries(
      ["position", "name", "email", "jobTitle"].map((field) => [field, String(form.get(field) ?? "").slice(0, 500)]),
    );
    const result = await bookings.namePlace(id, user.id, values);
    if (!result.ok) {
      if (result.reason === "invalid")
        return data<BookingDeskAnswer>(
          { error: "Check the place's details below.", fieldErrors: result.fieldErrors, values },
          { status: 400 },
        );
      return data<BookingDeskAnswer>(
        { error: namePlaceRefusals[result.reason], values },
        { status: result.reason === "not-found" ? 404 : 409 },
      );
    }
    await record(
      {
        actor: user,
        action: "course-booking-place-named",
        target: `course-booking:${id}`,
        detail: { position: String(result.position), substitute: result.previous ? "yes" : "no" },
      },
      now,
    );
    return data<BookingDeskAnswer>({
      done: `Place ${result.position} is now ${result.delegate.name}'s${result.previous ? ` (in place of ${result.previous.name})` : ""}. The joining details and calendar invitation are on their way to them.`,
    });
  }
  if (intent === "cancel") {
    const read = readCreditOverride(String(form.get("amount") ?? ""), String(form.get("reason") ?? ""));
    if (!read.ok) return data<BookingDeskAnswer>({ error: read.error }, { status: 400 });
    const { override } = read;
    const result = await bookings.cancel(id, user.id, override);
    if (!result.ok)
      return data<BookingDeskAnswer>({ error: result.message }, { status: result.reason === "not-found" ? 404 : 409 });
    await record(
      {
        actor: user,
        action: "course-booking-cancelled",
        target: `course-booking:${id}`,
        detail: {
          credited: String(result.creditNote?.total_pence ?? 0),
          override: override ? override.reason : "terms",
        },
      },
      now,
    );
    const refund = refundText(result);
    return data<BookingDeskAnswer>({
      done: `Cancelled.${result.creditNote ? ` Credit note ${result.creditNote.number} for ${formatPenceGbp(result.creditNote.total_pence)}.` : " Nothing to credit."}${refund}`,
    });
  }
  if (intent === "move")
    return moveBooking(bookings, user, id, String(form.get("session") ?? "").slice(0, 200), record, now);
  return data<BookingDeskAnswer>({ error: "Unknown action." }, { status: 400 });
}

const moveRefusals = {
  "not-found": "There is no such booking.",
  full: "That date has not enough places left for this booking: nothing was changed.",
  "amount-changed": "The price changed meanwhile: nothing was changed. Look at the dates again.",
  "payment-started":
    "The booker has started paying the invoice by card, for its present amount: only a date at the same price can be chosen now.",
} as const;

/** Why a booking cannot move to a date cheaper than what was paid towards it, in the team's words (ADR 087). */
const paidMoreText = (paidPence: number) =>
  `The booker has paid ${formatPenceGbp(paidPence)} towards this booking, more than that date costs: a move there would refund part of a payment made on an invoice since cancelled. Cancel the booking with a refund and book again.`;

/** The team moves the booking to another date of its course (ADR 081): done, or why not. */
async function moveBooking(
  bookings: CourseBookingService,
  user: Pick<StaffUser, "id" | "email">,
  id: string,
  session: string,
  record: (entry: Omit<AuditEntry, "ip">, at: Date) => Promise<void>,
  now: Date,
) {
  if (session === "")
    return data<BookingDeskAnswer>({ error: "Choose the date to move the booking to." }, { status: 400 });
  const result = await bookings.transfer(id, user.id, session);
  if (!result.ok) {
    const error =
      result.reason === "not-found" ||
      result.reason === "full" ||
      result.reason === "amount-changed" ||
      result.reason === "payment-started"
        ? moveRefusals[result.reason]
        : result.reason === "paid-more"
          ? paidMoreText(result.paidPence ?? 0)
          : transferRefusalText(result as Extract<typeof result, { reason: TransferRefusal }>, { terms_rules: null });
    return data<BookingDeskAnswer>({ error }, { status: result.reason === "not-found" ? 404 : 409 });
  }
  await record(
    {
      actor: user,
      action: "course-booking-moved",
      target: `course-booking:${id}`,
      detail: {
        to: result.booking.session_label,
        credited: String(result.invoice ? 0 : (result.creditNote?.total_pence ?? 0)),
        ...(result.invoice ? { invoice: result.invoice.number } : {}),
      },
    },
    now,
  );
  const refund = refundText(result);
  const documents = result.invoice
    ? ` New invoice ${result.invoice.number} for ${formatPenceGbp(result.invoice.total_pence)} replaces the booking's${result.creditNote ? `, cancelled by credit note ${result.creditNote.number}` : ""}.`
    : result.creditNote
      ? ` Credit note ${result.creditNote.number} for ${formatPenceGbp(result.creditNote.total_pence)}.`
      : "";
  return data<BookingDeskAnswer>({
    done: `Moved to ${result.booking.session_label}.${documents} The booker and each named delegate are told.${refund}`,
  });
}

/** What became of a refund a cancellation or a move owes, for the team's answer. */
function refundText(result: { refundError?: string | null; refundPence: number; paymentIntentId: string | null }) {
  if (result.refundError) return ` The card refund failed (${result.refundError}): make it in Stripe's dashboard.`;
  if (result.refundPence > 0 && result.paymentIntentId)
    return ` ${formatPenceGbp(result.refundPence)} refunded to the card.`;
  if (result.refundPence > 0) return ` Refund ${formatPenceGbp(result.refundPence)} by bank transfer.`;
  return "";
}
