/**
 * Course sessions and bookings as the team's pages show them (issue 29):
 * each published session with its places, one session's roster (and its
 * CSV), and what cancelling a booking would credit under the terms today.
 */
import type { Db } from "~/data/db.server.ts";
import { catalogue } from "~/content/index.server.ts";
import { isUpcoming, sessionDateLabel, sessionStartsAt } from "~/calendar/session-dates.ts";
import type { CsvCell } from "../kind.server.ts";
import { sessionByKey } from "./bookable.server.ts";
import { roster, sessionPlaceCounts, type RosterRow } from "./booking-reads.server.ts";
import type { CourseBooking } from "./booking-store.server.ts";
import { answersKey, sessionAnswers, type RosterAnswers } from "./questionnaire.server.ts";
import { paymentStateText } from "./states.ts";

export { paymentStateText };
import { bookingCancellationCredit } from "./terms.ts";

const where = (s: { format: string; venue?: { name: string; locality: string } }) =>
  s.format === "online" || !s.venue ? "Live online" : `${s.venue.name}, ${s.venue.locality}`;

export async function sessionRows(db: Db, now: Date) {
  const sessions = [...catalogue.sessions].sort((a, b) => a.startDate.localeCompare(b.startDate));
  const counts = await sessionPlaceCounts(
    db,
    sessions.map((s) => s.id),
  );
  return sessions.map((s) => {
    const c = counts.get(s.id) ?? { capacity: s.capacity, sold: 0, held: 0, free: s.capacity };
    const course = catalogue.courses.find((x) => x.id === s.courseId);
    return {
      key: s.id,
      label: sessionDateLabel(s),
      courseTitle: course?.title ?? s.courseId,
      where: where(s),
      stateText:
        s.state === "cancelled"
          ? "Cancelled"
          : isUpcoming(s, now)
            ? s.state === "confirmed"
              ? "Confirmed"
              : "Open"
            : "Started or past",
      ...c,
    };
  });
}

/** A session as its roster page heads it; null if no such session is published. */
export async function sessionView(db: Db, key: string, now: Date) {
  const published = sessionByKey(key);
  if (!published) return null;
  const { session, course } = published;
  const [rows, counts, answers] = await Promise.all([
    roster(db, key),
    sessionPlaceCounts(db, [key]),
    sessionAnswers(db, key),
  ]);
  return {
    key,
    courseTitle: course.title,
    label: sessionDateLabel(session),
    where: where(session),
    state: session.state,
    upcoming: isUpcoming(session, now),
    startsAt: sessionStartsAt(session).toISOString(),
    counts: counts.get(key) ?? { capacity: session.capacity, sold: 0, held: 0, free: session.capacity },
    // Each delegate's pre-course questionnaire, once answered (issue 41, ADR 082).
    roster: rows.map((r) => ({ ...r, answers: (r.email && answers.get(answersKey(r.bookingId, r.email))) || null })),
  };
}

export const rosterColumns = [
  "Place",
  "Delegate",
  "Delegate e-mail",
  "Job title",
  "Organisation",
  "Booker",
  "Booker e-mail",
  "Booking reference",
  "Payment",
  // The pre-course questionnaire (issue 41, ADR 082); access and dietary needs go by the rule course_delegate_needs.
  "Objectives",
  "Experience",
  "Access needs",
  "Dietary needs",
] as const;

/** A delegate's answers as the roster's CSV writes them (empty cells when none). */
function answerCells(a: RosterAnswers | undefined): CsvCell[] {
  return [a?.objectives ?? null, a?.experience ?? null, a?.accessNeeds ?? null, a?.dietaryNeeds ?? null];
}

export async function* rosterCsvRows(db: Db, key: string): AsyncGenerator<CsvCell[][]> {
  const [rows, answers]: [RosterRow[], Awaited<ReturnType<typeof sessionAnswers>>] = await Promise.all([
    roster(db, key),
    sessionAnswers(db, key),
  ]);
  yield rows.map((r) => [
    r.position,
    r.name ?? "Name to follow",
    r.email,
    r.jobTitle,
    r.organisation,
    r.bookerName,
    r.bookerEmail,
    r.reference,
    `${paymentStateText[r.status]} (${r.paymentMethod})`,
    ...answerCells(r.email ? answers.get(answersKey(r.bookingId, r.email)) : undefined),
  ]);
}

/** What the terms credit if this booking is cancelled now: its gross and the tier's words. */
export function creditUnderTerms(booking: CourseBooking, now: Date) {
  const credit = bookingCancellationCredit(booking, now);
  return {
    grossPence: credit.grossPence,
    daysBefore: credit.daysBefore,
    basisPoints: credit.tier.creditBasisPoints,
    rescheduled: credit.rescheduled,
  };
}
