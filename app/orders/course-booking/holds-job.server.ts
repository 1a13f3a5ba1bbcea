/**
 * The scheduled job that lets lapsed holds go (issue 29: "a failed or
 * abandoned payment releases the places after 15 minutes"; issue 37: an
 * invoice booking not confirmed by its booker in time): every minute, run
 * by one instance at a time (app/jobs/scheduler.server.ts), held card
 * bookings past their hold become `expired`, unconfirmed invoice bookings
 * past theirs `lapsed`, and give their places back (./card-payments.server.ts's
 * expireHolds). Registered with the others in server/services.ts.
 */
import type { Db } from "~/data/db.server.ts";
import type { ScheduledJob } from "~/jobs/scheduler.server.ts";
import { expireHolds } from "./card-payments.server.ts";

export const courseBookingHoldsJobName = "course-booking-holds";

export function courseBookingHoldsJob({
  db,
  everyMs = 60_000,
  onExpired = () => {},
}: {
  db: Db;
  everyMs?: number;
  /** Some holds lapsed: places changed (the course pages show how many are left). */
  onExpired?: () => void;
}): ScheduledJob {
  return {
    name: courseBookingHoldsJobName,
    everyMs,
    // A minute's lease: the job takes well under that, and a crashed holder blocks it for no longer.
    leaseMs: 60_000,
    run: async ({ now }) => {
      const result = await expireHolds(db, now);
      if (result.expired > 0) onExpired();
      return result;
    },
  };
}
