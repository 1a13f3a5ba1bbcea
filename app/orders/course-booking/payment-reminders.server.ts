/**
 * Sends the reminders to pay invoices (issue 41; the rules: ./payment-reminders.ts)
 * as a scheduled job, run by one instance at a time (app/jobs/scheduler.server.ts),
 * registered with the others in server/services.ts.
 *
 * Each reminder is one transaction: the booking's order locked, still
 * `invoiced` (so one marked paid or cancelled with its credit note a moment
 * before gets none), the step not sent meanwhile, then a `payment-reminder`
 * event on its timeline (what says which steps were sent) and the e-mail
 * in the outbox, which attaches the invoice's PDF as it sends.
 */
import type { Transaction } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { mailJob, type MailJobOptions } from "~/jobs/mail-job.server.ts";
import type { ScheduledJob } from "~/jobs/scheduler.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import type { OutgoingEmail } from "~/mail/types.ts";
import { reminderScheduleOf } from "~/settings/business-settings.ts";
import { currentBusinessSettings } from "~/settings/business-settings.server.ts";
import { lockOrder } from "../store.server.ts";
import { addEvent, readBooking, type CourseBooking } from "./booking-store.server.ts";
import { invoiceNumberOf } from "./booking-reads.server.ts";
import { londonDate } from "./days.ts";
import { invoiceStands, storedDocument, vatDocumentRef } from "./documents.server.ts";
import { owedPence, reminderDue, type ReminderSchedule } from "./payment-reminders.ts";
import type { ReminderFacts } from "./reminder-emails.server.ts";

import { paymentReminderEvent } from "./timeline-kinds.ts";

export { paymentReminderEvent };
export const paymentRemindersJobName = "course-booking-payment-reminders";

/** Makes a booking's reminder e-mail, in its transaction (the course booking service's, which knows how to describe a booking). */
export type ComposeReminder = (
  trx: Transaction<Database>,
  booking: CourseBooking,
  facts: ReminderFacts,
) => Promise<OutgoingEmail>;

type Reader = Db | Transaction<Database>;

/**
 * The steps already sent for each invoice of `invoices` (days from its due
 * date), from their bookings' timelines: an invoice that replaced another
 * (ADR 084) starts its own schedule.
 */
async function stepsSent(
  db: Reader,
  invoices: readonly { id: string; number: string }[],
): Promise<Map<string, number[]>> {
  const sent = new Map<string, number[]>(invoices.map((i) => [i.id, []]));
  if (invoices.length === 0) return sent;
  const numberOf = new Map(invoices.map((i) => [i.id, i.number]));
  const events = await db
    .selectFrom("course_booking_events")
    .select(["booking_id", "detail"])
    .where("kind", "=", paymentReminderEvent)
    .where(
      "booking_id",
      "in",
      invoices.map((i) => i.id),
    )
    .execute();
  for (const e of events) {
    const detail = JSON.parse(e.detail) as { offset: number; number: string };
    if (detail.number === numberOf.get(e.booking_id)) sent.get(e.booking_id)!.push(Number(detail.offset));
  }
  return sent;
}

/** The invoices awaiting payment by transfer: their bookings are `invoiced`; each booking's invoice that stands. */
async function awaitingPayment(db: Reader) {
  return (
    db
      .selectFrom("course_bookings as b")
      .innerJoin("course_invoices as i", (join) => join.onRef("i.booking_id", "=", "b.id").on("i.kind", "=", "invoice"))
      // The invoice that stands: no later invoice of the booking replaced it (ADR 084).
      .where(invoiceStands("i"))
      .select([
        "b.id",
        "b.total_pence as booking_total_pence",
        "b.credited_pence",
        "b.carried_pence",
        "i.id as invoice_id",
        "i.number",
        "i.issued_at",
        "i.due_date",
        "i.document",
      ])
      .where("b.status", "=", "invoiced")
      // A booker erased on request is not written to: the team chases the invoice by other means.
      .where("b.erased_at", "is", null)
      .where("i.due_date", "is not", null)
      .execute()
  );
}

/** Sends the reminders due at `now` (London days); returns what was sent. */
export async function sendPaymentReminders(
  db: Db,
  { now, compose, schedule }: { now: Date; compose: ComposeReminder; schedule?: ReminderSchedule },
): Promise<{ sent: { bookingId: string; number: string; offset: number }[] }> {
  const settings = await currentBusinessSettings(db);
  const steps = schedule ?? (settings ? reminderScheduleOf(settings.settings) : null);
  if (!steps) return { sent: [] };
  const today = londonDate(now);
  const invoices = await awaitingPayment(db);
  const sentBefore = await stepsSent(db, invoices);
  const sent: { bookingId: string; number: string; offset: number }[] = [];
  for (const invoice of invoices) {
    const state = {
      dueDate: invoice.due_date!,
      issuedOn: londonDate(new Date(invoice.issued_at)),
      today,
      stillDuePence: owedPence({ ...invoice, total_pence: invoice.booking_total_pence }),
    };
    if (reminderDue({ ...state, sent: sentBefore.get(invoice.id) ?? [] }, steps) === null) continue;
    const offset = await db.transaction().execute(async (trx) => {
      await lockOrder(trx, invoice.id);
      const booking = await readBooking(trx, invoice.id);
      // Read again under the lock: still owed on this invoice (not replaced by a move), what was sent, and what is owed, now.
      if (booking?.status !== "invoiced" || (await invoiceNumberOf(trx, booking.id)) !== invoice.number) return null;
      const now_ = { ...state, stillDuePence: owedPence(booking) };
      const step = reminderDue({ ...now_, sent: (await stepsSent(trx, [invoice])).get(invoice.id)! }, steps);
      if (step === null) return null;
      await addEvent(trx, invoice.id, now, paymentReminderEvent, {
        number: invoice.number,
        offset: step,
        stillDuePence: now_.stillDuePence,
      });
      const email = await compose(trx, booking, {
        invoice: {
          number: invoice.number,
          ref: vatDocumentRef(invoice.invoice_id),
          bank: storedDocument(invoice).supplier.bank,
        },
        dueDate: state.dueDate,
        offset: step,
        stillDuePence: now_.stillDuePence,
      });
      await queueEmails(trx, { type: "course-booking", id: invoice.id }, [email], now);
      return step;
    });
    if (offset !== null) sent.push({ bookingId: invoice.id, number: invoice.number, offset });
  }
  return { sent };
}

/** The job: every 15 minutes (a reminder goes out early on its London day), under a lease. */
export function paymentRemindersJob({
  db,
  compose,
  ...options
}: { db: Db; compose: ComposeReminder } & MailJobOptions): ScheduledJob {
  return mailJob(
    {
      name: paymentRemindersJobName,
      everyMs: 15 * 60_000,
      leaseMs: 5 * 60_000,
      run: async (now) => {
        const { sent } = await sendPaymentReminders(db, { now, compose });
        return { queued: sent.length, result: { sent: sent.length } };
      },
    },
    options,
  );
}
