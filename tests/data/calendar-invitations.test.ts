/**
 * Each delegate's calendar invitation over a booking's life (issue 41,
 * docs/decisions/079-calendar-invitations-that-update.md), on both
 * databases, through the course booking service, read back from the
 * outbox with a calendar library (ical.js):
 * - the booking confirmed: each named delegate invited (METHOD:REQUEST),
 *   a UID of their own, SEQUENCE 0, the bookings address as ORGANIZER;
 * - a substitute: the one replaced gets METHOD:CANCEL, same UID, SEQUENCE 1;
 * - the session's hours changed: each delegate still coming gets the
 *   update (same UID, the next SEQUENCE, the new hours), once, however many
 *   instances ask at once;
 * - the booking cancelled: every invitation still in a calendar cancelled;
 * - erasure takes a delegate's invitation.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue, withCatalogue } from "~/content/index.server.ts";
import { organisation } from "~/content/organisation.ts";
import { releaseContent } from "~/content/seed/index.ts";
import type { CourseSession } from "~/content/sessions-schema.ts";
import { courseBooking } from "~/orders/course-booking.server.ts";
import { bookable, sessionByKey } from "~/orders/course-booking/bookable.server.ts";
import type { CourseBookingService } from "~/orders/course-booking/service.server.ts";
import { dialects } from "./databases.ts";
import { createCourseSession, delegate, testBooker, createCourseBookingWithLink } from "../support/factories.ts";
import { testCourseBookingService, useTestDatabase } from "./fixtures.ts";
import { calendarsQueuedFor } from "../support/calendar-invitation.ts";

const sessionId = "risk-management-2027-03-london";
const booked = new Date("2027-01-10T10:00:00.000Z");
const later = (n: number) => new Date(booked.getTime() + n * 3_600_000);

/** The release's catalogue with the session's Friday now ending at 13:00 and its place moved. */
function movedCatalogue() {
  const sessions = (releaseContent.sessions as CourseSession[]).map((s) =>
    s.id === sessionId
      ? {
          ...s,
          hours: s.hours.map((h, i) => (i === 4 ? { starts: "09:00", ends: "13:00" } : h)),
          venue: { name: "116 Pall Mall", streetAddress: "116 Pall Mall", locality: "London", postalCode: "SW1Y 5ED" },
        }
      : s,
  );
  return buildCatalogue({ ...releaseContent, sessions });
}

/** The release's catalogue with the session a week later (its days moved: a postponement, ADR 100). */
function postponedCatalogue() {
  const sessions = (releaseContent.sessions as CourseSession[]).map((s) =>
    s.id === sessionId
      ? {
          ...s,
          startDate: new Date(Date.parse(`${s.startDate}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10),
        }
      : s,
  );
  return buildCatalogue({ ...releaseContent, sessions });
}

describe.each(dialects)("calendar invitations on %s", (dialect) => {
  const t = useTestDatabase(dialect, "cbinvite", { businessSettings: true });
  let now = booked;
  let service: CourseBookingService;

  beforeAll(async () => {
    service = testCourseBookingService(t.handle.db, { clock: () => now });
    await createCourseSession(t.handle.db, { ...bookable(sessionByKey(sessionId)!), capacity: 30, at: booked });
  });

  /** An invoice booking of two named places on the session, confirmed by its booker (`booker`, else booker-<tag>@…) through its link. */
  async function confirmed(tag: string, booker = `booker-${tag}@example.com`) {
    now = booked;
    const placed = await createCourseBookingWithLink(t.handle.db, {
      session: bookable(sessionByKey(sessionId)!),
      booker: testBooker(booker),
      places: [
        { ...delegate(1), email: `one-${tag}@example.com` },
        { ...delegate(2), email: `two-${tag}@example.com` },
      ],
      now: booked,
    });
    expect(await service.confirmByLink(placed.token)).toMatchObject({ ok: true });
    return placed;
  }

  /** A booking confirmed as `confirmed` makes it, whose first place Mary Major (mary-<tag>@…) then takes, an hour later. */
  async function substituted(tag: string) {
    const placed = await confirmed(tag);
    now = later(1);
    const substitute = { position: "1", name: "Mary Major", email: `mary-${tag}@example.com`, jobTitle: "" };
    expect(await service.namePlaceByLink(placed.token, substitute)).toMatchObject({ ok: true });
    return placed;
  }

  /** The calendar parts sent to `to` about booking `id`, oldest first. */
  const calendarsTo = (id: string, to: string) => calendarsQueuedFor(t.handle.db, to, id);

  const invitationsOf = (id: string) =>
    t.handle.db
      .selectFrom("course_invitations")
      .select(["email", "uid", "sequence", "state"])
      .where("booking_id", "=", id)
      .orderBy("email")
      .execute();

  it("invites each named delegate when the booking is confirmed: a UID of their own, SEQUENCE 0, from the bookings address", async () => {
    const { id } = await confirmed("a");
    const [one] = await calendarsTo(id, "one-a@example.com");
    const [two] = await calendarsTo(id, "two-a@example.com");
    expect(one).toMatchObject({
      subject: expect.stringMatching(/^Joining details: /),
      contentType: "text/calendar; charset=utf-8; method=REQUEST",
      method: "REQUEST",
      sequence: 0,
      status: "CONFIRMED",
      organizer: `mailto:${organisation.bookingsEmail}`,
      attendee: "mailto:one-a@example.com",
      location: "Chartered Accountants' Hall, 1 Moorgate Place, London EC2R 6EA",
    });
    expect(two!.uid).not.toBe(one!.uid);
    expect(await invitationsOf(id)).toEqual([
      { email: "one-a@example.com", uid: one!.uid, sequence: 0, state: "sent" },
      { email: "two-a@example.com", uid: two!.uid, sequence: 0, state: "sent" },
    ]);
  });

  it("cancels the invitation of a delegate replaced by a substitute (same UID, SEQUENCE 1) and invites the substitute", async () => {
    const { id } = await substituted("b");
    const [first, cancelled] = await calendarsTo(id, "one-b@example.com");
    expect(cancelled).toMatchObject({
      subject: expect.stringMatching(/^Place passed on: /),
      contentType: "text/calendar; charset=utf-8; method=CANCEL",
      method: "CANCEL",
      uid: first!.uid,
      sequence: 1,
      status: "CANCELLED",
      attendee: "mailto:one-b@example.com",
    });
    const [invited] = await calendarsTo(id, "mary-b@example.com");
    expect(invited).toMatchObject({ method: "REQUEST", sequence: 0, attendee: "mailto:mary-b@example.com" });
    expect((await invitationsOf(id)).map((i) => [i.email, i.sequence, i.state])).toEqual([
      ["mary-b@example.com", 0, "sent"],
      ["one-b@example.com", 1, "cancelled"],
      ["two-b@example.com", 0, "sent"],
    ]);
  });

  it("sends each delegate still coming the update when the session's hours or place change, once, however many ask", async () => {
    const { id } = await substituted("c");
    const [before] = await calendarsTo(id, "two-c@example.com");
    now = later(2);
    const moved = movedCatalogue();
    // Two instances, each seeing the new content at once.
    const counts = await withCatalogue(moved, () =>
      Promise.all([service.sendCalendarUpdates(now), service.sendCalendarUpdates(now)]),
    );
    const [, update] = await calendarsTo(id, "two-c@example.com");
    expect(update).toMatchObject({
      subject: expect.stringMatching(/^Course details changed: /),
      method: "REQUEST",
      uid: before!.uid,
      sequence: 1,
      location: "116 Pall Mall, 116 Pall Mall, London SW1Y 5ED",
      // The Friday's new hours: an instance of its own.
      instances: 2,
    });
    expect(await calendarsTo(id, "mary-c@example.com")).toHaveLength(2);
    // In words too: what it was, from the invitation the delegate had.
    const { text_body } = await t.handle.db
      .selectFrom("outbox")
      .select("text_body")
      .where("to_address", "=", "two-c@example.com")
      .where("subject", "like", "Course details changed:%")
      .executeTakeFirstOrThrow();
    expect(text_body).toMatch(
      /Before the change[\s\S]*Dates: 8–12 March 2027\nHours: .*Day 5: 09:00–15:30 \(London time\)\nWhere: Chartered/,
    );
    // The delegate replaced gets no update.
    expect(await calendarsTo(id, "one-c@example.com")).toHaveLength(2);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    expect((await invitationsOf(id)).map((i) => [i.email, i.sequence])).toEqual([
      ["mary-c@example.com", 1],
      ["one-c@example.com", 1],
      ["two-c@example.com", 1],
    ]);
    // Asked again with nothing new: nothing sent.
    expect(await withCatalogue(moved, () => service.sendCalendarUpdates(later(3)))).toBe(0);
    expect(await calendarsTo(id, "two-c@example.com")).toHaveLength(2);
    // The service follows the change as each instance serves it: the booking's copy of its place too (ADR 098).
    expect(await withCatalogue(moved, () => service.followSessionChanges(later(3)))).toMatchObject({ updates: 0 });
    const copy = await t.handle.db
      .selectFrom("course_bookings")
      .select(["session_label", "session_venue"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(copy.session_label).toMatch(/, 116 Pall Mall, London$/);
    expect(JSON.parse(copy.session_venue!)).toMatchObject({ postalCode: "SW1Y 5ED" });
    // The booker is told, once, with what it was and what it is now.
    expect(await withCatalogue(moved, () => service.followSessionChanges(later(4)))).toMatchObject({ updates: 0 });
    const toBooker = await t.handle.db
      .selectFrom("outbox")
      .select(["subject", "text_body"])
      .where("lead_id", "=", id)
      .where("to_address", "=", "booker-c@example.com")
      .where("subject", "like", "Booking MB-% changed:%")
      .execute();
    expect(toBooker).toHaveLength(1);
    expect(toBooker[0]!.text_body).toContain("We have sent each named delegate the new details and a calendar update.");
    // The same days (the hours and place changed): not a postponement, so no offer of a refund.
    expect(toBooker[0]!.text_body).not.toContain("full refund");
    expect(toBooker[0]!.text_body).toContain(
      "has changed from 8 March 2027 to 12 March 2027, Chartered Accountants' Hall, London to 8 March 2027 to 12 March 2027, 116 Pall Mall, London.",
    );
  });

  it("a booker who is one of the delegates is sent the delegate's update alone when the session changes", async () => {
    const { id } = await confirmed("e", "one-e@example.com");
    await withCatalogue(movedCatalogue(), () => service.followSessionChanges(later(2)));
    const subjects = await t.handle.db
      .selectFrom("outbox")
      .select("subject")
      .where("lead_id", "=", id)
      .where("to_address", "=", "one-e@example.com")
      .where((eb) => eb.or([eb("subject", "like", "Course details changed:%"), eb("subject", "like", "Booking MB-%")]))
      .execute();
    expect(subjects.map((m) => m.subject.split(":")[0])).toEqual(["Course details changed"]);
  });

  it("cancels every invitation still in a calendar when the booking is cancelled", async () => {
    const { id } = await substituted("d");
    const [invited] = await calendarsTo(id, "two-d@example.com");
    now = later(2);
    expect(await service.cancel(id, "staff-1")).toMatchObject({ ok: true });
    const [, cancelled] = await calendarsTo(id, "two-d@example.com");
    expect(cancelled).toMatchObject({
      subject: expect.stringMatching(/^Place cancelled: /),
      method: "CANCEL",
      uid: invited!.uid,
      sequence: 1,
      status: "CANCELLED",
    });
    expect((await calendarsTo(id, "mary-d@example.com")).map((c) => [c.method, c.sequence])).toEqual([
      ["REQUEST", 0],
      ["CANCEL", 1],
    ]);
    // The one replaced before had theirs cancelled then: no second cancellation.
    expect((await calendarsTo(id, "one-d@example.com")).map((c) => [c.method, c.sequence])).toEqual([
      ["REQUEST", 0],
      ["CANCEL", 1],
    ]);
    expect((await invitationsOf(id)).every((i) => i.state === "cancelled")).toBe(true);
    // A cancelled booking's invitations are never updated.
    expect(await withCatalogue(movedCatalogue(), () => service.sendCalendarUpdates(later(3)))).toBe(0);
  });

  it("erasing a delegate's address takes their invitation", async () => {
    const { id } = await confirmed("e");
    await t.handle.db.transaction().execute((trx) => courseBooking.erase(trx, "one-e@example.com", later(1)));
    expect((await invitationsOf(id)).map((i) => i.email)).toEqual(["two-e@example.com"]);
  });

  // Last: it moves the session's days for every booking on it.
  it("a booker who is one of the delegates is told their choice too when the days move (ADR 100)", async () => {
    const { id } = await confirmed("g", "one-g@example.com");
    await withCatalogue(postponedCatalogue(), () => service.followSessionChanges(later(2)));
    const sent = await t.handle.db
      .selectFrom("outbox")
      .select(["subject", "text_body"])
      .where("lead_id", "=", id)
      .where("to_address", "=", "one-g@example.com")
      .where((eb) => eb.or([eb("subject", "like", "Course details changed:%"), eb("subject", "like", "Booking MB-%")]))
      .orderBy("subject")
      .execute();
    expect(sent.map((m) => m.subject.split(" ")[0])).toEqual(["Booking", "Course"]);
    expect(sent[0]!.text_body).toContain("cancel it for a full refund");
  });
});
