/**
 * The paid consultation booking, client-safe half: its privacy notice row
 * and retention rules (an accounting record once paid; an abandoned or failed
 * checkout briefly: the periods are content/retention-periods.ts). Server half: ./consultation.server.ts.
 */
import { retentionNotice, retentionPeriods } from "../content/retention-periods.ts";
import { defineOrderKindTexts } from "./texts.ts";

export const consultationBooking = defineOrderKindTexts({
  kind: "booking",
  label: "Paid consultation booking",
  notice: {
    what: "Paid consultation bookings: your name, e-mail address, the number of participants, the amount paid, the payment status, Stripe's reference for the payment and, if a payment failed, the reason Stripe gave. Card details are handled by Stripe and never reach our servers.",
    why: "To take payment, arrange your consultation and keep our accounting records.",
    basis: "Contract, to provide the consultation you paid for. Legal obligation, to keep accounting records.",
    howLong: retentionNotice().bookings,
  },
  retention: [
    {
      rule: "bookings_paid",
      records: "consultation orders (with their lines and payments), status paid",
      from: "paid_at",
      keep: retentionPeriods.bookings_paid,
      action: "delete",
    },
    {
      rule: "bookings_unpaid",
      records:
        "consultation orders (with their lines and payments), status pending (abandoned checkout), failed or setup_failed",
      from: "updated_at (the last payment attempt)",
      keep: retentionPeriods.bookings_unpaid,
      action: "delete",
    },
  ],
});
