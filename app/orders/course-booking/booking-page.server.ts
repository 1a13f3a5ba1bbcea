/**
 * What the booking page (/courses/{courseId}/book/{sessionId}) shows: the
 * session, whether it can be booked (open, full, started, cancelled), the
 * places left, the price of the places asked for (worked out here, with the
 * same rules the booking is charged by), the terms and the other dates.
 */
import { pricing, bookingTerms } from "~/content/business.ts";
import { coursePath } from "~/content/paths.ts";
import { isUpcoming, longDate, sessionDateLabel } from "~/calendar/session-dates.ts";
import { formatVatRate } from "~/pdf/vat-invoice.server.ts";
import { bookable, findSession, otherDates, sessionForEmail } from "./bookable.server.ts";
import { hoursText, whereText } from "./booking-emails.server.ts";
import { priceBooking, type PriceBasis } from "./price.ts";
import type { CourseBookingService } from "./service.server.ts";
import { namesToFollowAllowed, termsText } from "./terms.ts";
import { quote } from "./vat.ts";
import { daysBefore } from "./days.ts";

/** "paused": no business settings are saved, so no invoice could be issued and the form is not offered (ADR 066). */
export type BookingPageStatus = "open" | "full" | "started" | "cancelled" | "paused";

/** A session's dates as a line: "8–12 March 2027" and where, linked to its booking page. */
export type DateChoice = { id: string; label: string; where: string; href: string };

const bookingPath = (courseId: string, sessionId: string) => `${coursePath(courseId)}/book/${sessionId}`;

export async function courseBookingPage(
  service: Pick<CourseBookingService, "placesLeftOn" | "cardAvailable" | "holdMinutes" | "invoiceTerms">,
  params: { courseId?: string; sessionId?: string },
  placesAsked: number,
  now: Date = new Date(),
  /** Places held for this visitor alone (a waiting list's offer): theirs to book, though counted as taken. */
  heldForThem = 0,
) {
  const published = findSession(params.courseId ?? "", params.sessionId ?? "");
  if (!published) return null;
  const { session, course } = published;
  const left = (await service.placesLeftOn(session.id)) + heldForThem;
  const invoices = await service.invoiceTerms();
  const status: BookingPageStatus =
    session.state === "cancelled"
      ? "cancelled"
      : !isUpcoming(session, now)
        ? "started"
        : left <= 0
          ? "full"
          : invoices.ready
            ? "open"
            : "paused";
  const quantity = Math.max(1, Math.min(placesAsked, Math.max(left, 1)));
  const forEmail = sessionForEmail(published);
  const line = priceBooking({
    session: bookable(published).price,
    places: Array.from({ length: quantity }, () => ({ namesToFollow: true as const })),
    bookedAt: now,
  });
  const quoted = quote([
    { description: course.title, quantity, unitPricePence: line.unitPricePence, discountPence: line.discountPence },
  ]);
  const startsAt = bookable(published).startsAt;
  const namesDue = daysBefore(startsAt, now) - bookingTerms.namesToFollow.namesDueDaysBefore;
  return {
    course: { id: course.id, title: course.title },
    session: {
      id: session.id,
      label: sessionDateLabel(session),
      where: whereText(forEmail),
      hours: hoursText(forEmail.days),
      format: session.format,
    },
    status,
    left: Math.max(left, 0),
    places: quantity,
    namesToFollowOpen: namesToFollowAllowed(startsAt, now),
    namesDueText: `${bookingTerms.namesToFollow.namesDueDaysBefore} days before the start${namesDue > 0 ? ` (in ${namesDue} days)` : ""}`,
    price: {
      quantity,
      basis: line.basis satisfies PriceBasis,
      earlyBirdUntil: session.earlyBird ? longDate(session.earlyBird.until) : null,
      unitPricePence: line.unitPricePence,
      discountPence: line.discountPence,
      netPence: quoted.netPence,
      vatPence: quoted.vatPence,
      grossPence: quoted.grossPence,
      vatRate: formatVatRate(pricing.vatRateBasisPoints),
    },
    groupDiscountNote: `${pricing.groupDiscountBasisPoints / 100}% off for ${pricing.groupDiscountMinParticipants} or more places booked together by one organisation (not with an early-bird price). Prices exclude VAT.`,
    terms: termsText(),
    otherDates: otherDates(course.id, session.id, now).map((d): DateChoice => ({
      id: d.id,
      label: sessionDateLabel(d),
      where: d.format === "online" || !d.venue ? "Live online" : `${d.venue.name}, ${d.venue.locality}`,
      href: bookingPath(course.id, d.id),
    })),
    cardAvailable: service.cardAvailable,
    holdMinutes: service.holdMinutes,
    invoiceDueDays: invoices.paymentTermsDays,
  };
}

export type BookingPageData = NonNullable<Awaited<ReturnType<typeof courseBookingPage>>>;
