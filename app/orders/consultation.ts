/**
 * The paid consultation booking, client-safe half: its privacy notice row
 * and retention rules (an accounting record: 6 financial years once paid;
 * an abandoned or failed checkout: 30 days). Server half: ./consultation.server.ts.
 */
import { defineOrderKindTexts } from "./texts.ts";

export const consultationBooking = defineOrderKindTexts({
  kind: "booking",
  label: "Paid consultation booking",
  notice: {
    what: "Paid consultation bookings: your name, e-mail address, the number of participants, the amount paid and the payment status. Card details are handled by Stripe and never reach our servers.",
    why: "To take payment, arrange your consultation and keep our accounting records.",
    basis: "Contract, to provide the consultation you paid for. Legal obligation, to keep accounting records.",
    howLong:
      "6 years from the end of the financial year the payment falls in (our financial year ends on 31 March), as HMRC requires for company accounting records. If a payment is never completed or fails, we delete the booking 30 days after the last attempt.",
  },
  retention: [
    {
      rule: "bookings_paid",
      records: "bookings, status paid",
      from: "paid_at",
      keep: { financialYears: 6 },
      action: "delete",
    },
    {
      rule: "bookings_unpaid",
      records: "bookings, status pending (abandoned checkout), failed or setup_failed",
      from: "updated_at (the last payment attempt)",
      keep: { days: 30 },
      action: "delete",
    },
  ],
});
