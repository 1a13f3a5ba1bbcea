/** A course booking's states as the team's pages and the roster name them (client-safe). */
import type { CourseBookingStatus } from "~/data/schema.ts";

export const paymentStateText: Record<CourseBookingStatus, string> = {
  held: "Card payment pending",
  invoiced: "Invoiced, awaiting transfer",
  paid: "Paid",
  cancelled: "Cancelled",
  expired: "Hold lapsed",
};
