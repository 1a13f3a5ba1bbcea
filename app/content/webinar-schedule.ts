/**
 * Whether a webinar is still ahead, decided when a page or a registration
 * asks (not when the site was built): registration closes when it starts.
 */

export type WebinarTiming = "upcoming" | "past";

/** "upcoming" until the moment the webinar starts, "past" from then on. */
export function webinarTiming(startsAt: string, now: Date): WebinarTiming {
  return now.getTime() < Date.parse(startsAt) ? "upcoming" : "past";
}

/** Upcoming webinars first, soonest first; then past ones, latest first. */
export function byTiming<W extends { startsAt: string }>(webinars: readonly W[], now: Date): W[] {
  const at = (w: W) => Date.parse(w.startsAt);
  const upcoming = webinars.filter((w) => webinarTiming(w.startsAt, now) === "upcoming");
  const past = webinars.filter((w) => webinarTiming(w.startsAt, now) === "past");
  return [...upcoming.sort((a, b) => at(a) - at(b)), ...past.sort((a, b) => at(b) - at(a))];
}
