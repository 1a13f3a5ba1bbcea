/**
 * The upcoming dates' filter, as /training's dates form and the dates feed
 * (/training/dates.ics) read it from the address: `?month=2027-03`,
 * `?format=online`, `?pillar=strategy`; the feed also `?session=<id>`, one
 * session's days (an e-mail's "add to calendar" link). A month or format the form does not
 * offer is a problem to say (the page answers 400 and shows every date, the
 * feed answers 400); a pillar that is not one shows every pillar, as
 * /training's pillar sections always have.
 */
import { pillarIds, type PillarId } from "~/content/ids.ts";
import { sessionFormats, type SessionFormat } from "~/content/session-formats.ts";

export type DatesFilter = {
  month: string;
  format: "" | SessionFormat;
  pillar: "" | PillarId;
  /** One session's id ("": every session). */
  session: string;
  /** What was wrong with the address, in words; "" when nothing was. */
  problem: string;
};

export function readDatesFilter(params: URLSearchParams): DatesFilter {
  const month = params.get("month") ?? "";
  const format = params.get("format") ?? "";
  const pillar = params.get("pillar") ?? "";
  const session = params.get("session") ?? "";
  const problems: string[] = [];
  if (month && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) problems.push("The month must be written like 2027-03.");
  if (format && !(sessionFormats as readonly string[]).includes(format)) {
    problems.push('The format must be "in-person" or "online".');
  }
  if (session && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(session)) problems.push("The session must be a date's id.");
  return {
    month: problems.length ? "" : month,
    session: problems.length ? "" : session,
    format: problems.length ? "" : (format as DatesFilter["format"]),
    pillar: !problems.length && (pillarIds as readonly string[]).includes(pillar) ? (pillar as PillarId) : "",
    problem: problems.join(" "),
  };
}

/** The filter as `upcomingSessions` takes it: only what was chosen. */
export function sessionsChosen({ month, format, pillar, session }: DatesFilter) {
  return {
    ...(month ? { month } : {}),
    ...(format ? { format } : {}),
    ...(pillar ? { pillarId: pillar } : {}),
    ...(session ? { sessionId: session } : {}),
  };
}

/** The address of the dates feed for a filter: its pillar and format (a feed is of every month to come). */
export function datesFeedPath({ format, pillar }: Pick<DatesFilter, "format" | "pillar">): string {
  const query = new URLSearchParams({ ...(pillar ? { pillar } : {}), ...(format ? { format } : {}) }).toString();
  return `/training/dates.ics${query ? `?${query}` : ""}`;
}

/** One session's days as a calendar file (an "add to calendar" link): the dates feed of that session alone. */
export function sessionCalendarPath(sessionId: string): string {
  return `/training/dates.ics?${new URLSearchParams({ session: sessionId }).toString()}`;
}
