import { configContext } from "~/http/request-context.ts";
import type { Route } from "./+types/booking-settings";

/** GET /api/booking-settings: whether the booking section can take bookings. */
export function loader({ context }: Route.LoaderArgs) {
  const { SCHEDULER_URL } = context.get(configContext);
  return Response.json(
    { schedulerUrl: SCHEDULER_URL ?? null },
    { headers: { "Cache-Control": "public, max-age=300" } },
  );
}
