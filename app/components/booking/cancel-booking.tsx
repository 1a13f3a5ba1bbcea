/**
 * The booker's page's way to cancel (routes/booking.tsx, issue 41): what
 * cancelling gives today, in pounds, and where it goes, then the button
 * that cancels for that amount (the action refuses any other).
 */
import type { CancellationOffer } from "~/orders/course-booking/booker-rules.ts";
import { formatPenceGbp } from "~/format/money.ts";

const settlementText = {
  "nothing-charged": "nothing has been charged, so nothing is owed or refunded.",
  "refund-to-card": "It is refunded to the card you paid with.",
  "refund-by-transfer": "We refund it by bank transfer.",
  "off-the-invoice": "It is taken off your invoice, with a credit note.",
} as const;

/** What cancelling gives today, in pounds, and the button that cancels for it. */
export function CancelBooking({ offer }: { offer: CancellationOffer }) {
  const share = offer.basisPoints === 10_000 ? "all" : `${offer.basisPoints / 100}%`;
  const days = `${offer.daysBefore} day${offer.daysBefore === 1 ? "" : "s"} before the course`;
  return (
    <details className="mt-8">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-navy-800 underline">
        Cancel this booking
      </summary>
      <form method="post" className="mt-2 space-y-3 rounded-md border border-slate-300 p-4">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="expectedCreditPence" value={offer.creditPence} />
        <p className="text-slate-800">
          {offer.settlement === "nothing-charged" ? (
            <>Cancelled today: {settlementText[offer.settlement]}</>
          ) : offer.creditPence === 0 ? (
            <>Cancelled today, {days}, the terms give no credit: the booking&rsquo;s full price stays due.</>
          ) : (
            <>
              {offer.rescheduled
                ? "As we moved the course to other dates, cancelling today credits the full fee:"
                : `Cancelled today, ${days}, the terms credit ${share} of the booking:`}{" "}
              <strong>{formatPenceGbp(offer.creditPence)}</strong> including VAT. {settlementText[offer.settlement]}
              {offer.paidBack && (
                <>
                  {" "}
                  What you have paid then covers what remains, and{" "}
                  <strong>{formatPenceGbp(offer.paidBack.pence)}</strong> of it is refunded
                  {offer.paidBack.to === "card" ? " to the card you paid with" : " by bank transfer"}.
                </>
              )}
            </>
          )}{" "}
          Every delegate is told, and the places go back on sale.
        </p>
        <p className="text-slate-800">
          Rather send someone else? You can do that above, free, until the course starts.
        </p>
        <button type="submit" className="btn min-h-11 border border-red-800 bg-white text-red-800">
          {offer.creditPence === 0
            ? "Cancel the booking"
            : `Cancel the booking for a credit of ${formatPenceGbp(offer.creditPence)}`}
        </button>
      </form>
    </details>
  );
}
