/** A course booking's states as the team's pages and the roster name them (client-safe). */
import type { CourseBookingStatus } from "~/data/schema.ts";

export const paymentStateText: Record<CourseBookingStatus, string> = {
  unconfirmed: "Awaiting the booker's confirmation",
  held: "Card payment pending",
  invoiced: "Invoiced, awaiting transfer",
  paid: "Paid",
  cancelled: "Cancelled",
  expired: "Hold lapsed",
  lapsed: "Not confirmed in time",
};
