/**
 * One course booking as the team's page shows it: the booking, its delegates, invoices and timeline, the credit the
 * terms give if it were cancelled now, the e-mails sent for it, whether it
 * is in the inbox, whether its places can be named, and the dates it may
 * move to.
 */
import type { Db } from "~/data/db.server.ts";
import { isListed } from "~/data/inbox-index.server.ts";
import { emailsFor } from "~/mail/outbox-view.server.ts";
import { bookingDetail } from "./booking-reads.server.ts";
import { creditUnderTerms } from "./team-views.server.ts";
import { canNamePlaces, isHeldOrConfirmed } from "./team-rules.ts";
import { transferChoices } from "./transfer.server.ts";

/** Null if there is no such booking (it may have been deleted at the end of its retention period). */
export async function bookingForTeam(db: Db, id: string, now: Date) {
  const detail = await bookingDetail(db, id);
  if (!detail) return null;
  const [emails, inInbox, moves] = await Promise.all([
    emailsFor(db, "course-booking", id),
    isListed(db, id),
    transferChoices(db, detail.booking, now, { withinTerms: false }),
  ]);
  return {
    ...detail,
    credit: isHeldOrConfirmed(detail.booking.status) ? creditUnderTerms(detail.booking, now) : null,
    emails,
    inInbox,
    canNamePlaces: canNamePlaces(detail.booking, now),
    /** The other dates the team may move it to (null: it cannot move: not confirmed, or started). */
    moves,
  };
}
