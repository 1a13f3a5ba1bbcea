import { readDatesFilter, sessionsChosen } from "~/publishing/dates-filter.ts";
import { datesFeed } from "~/publishing/dates-feed.server.ts";
import { upcomingSessions } from "~/publishing/sessions-on-site.server.ts";
import type { Route } from "./+types/training-dates-feed";

/**
 * GET /training/dates.ics: the upcoming course dates as a calendar feed
 * (../publishing/dates-feed.server.ts), filtered as /training's dates are
 * (?pillar=, ?format=, ?month=); a filter the form does not offer is a 400
 * that says why.
 */
export function loader({ url }: Route.LoaderArgs) {
  const filter = readDatesFilter(url.searchParams);
  if (filter.problem) {
    return new Response(`${filter.problem}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(datesFeed(upcomingSessions(new Date(), sessionsChosen(filter))), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="course-dates.ics"',
      // Calendars refresh a feed every few hours at most; a date edited reaches them within the hour.
      "Cache-Control": "public, max-age=900",
    },
  });
}
