/**
 * What the booker does from their booking page (issue 41), on both
 * databases, through the course booking service, only with a live link:
 * - names a place or sends a substitute: the new delegate gets the joining
 *   details, the one replaced is told, and so are the booker and the team;
 *   the timeline says the booker did it; refusals as for the team (started,
 *   taken, unchanged); at most 10 changes a booking a day;
 * - cancels for the credit they were shown: the credit note is that amount;
 *   refused if the terms give another amount by then.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bookerPlaceChangesPerDay, type CourseBookingService } from "~/orders/course-booking/service.server.ts";
import { confirmBooking } from "~/orders/course-booking/placing.server.ts";
import { readBooking } from "~/orders/course-booking/booking-store.server.ts";
import { attachPaymentIntent, confirmCardPayment } from "~/orders/course-booking/card-payments.server.ts";
import { cancelBooking } from "~/orders/course-booking/team-acts.server.ts";
import { dialects } from "./databases.ts";
import {
  byCard,
  type CourseBookingInput,
  createCourseSession,
  delegate,
  stricterTermsRules,
  testBooker,
  createCourseBookingWithLink,
} from "../support/factories.ts";
import { courseBookingEvents, testCourseBookingService, useTestDatabase } from "./fixtures.ts";

const booked = new Date("2027-01-10T10:00:00.000Z");
const startsAt = new Date("2027-03-08T09:00:00.000Z");
const endsAt = new Date("2027-03-12T17:00:00.000Z");
const hours = (at: Date, n: number) => new Date(at.getTime() + n * 3_600_000);

describe.each(dialects)("the booker's own changes on %s", (dialect) => {
  const t = useTestDatabase(dialect, "cbplace", { businessSettings: true });
  let now = booked;
  let service: CourseBookingService;

  beforeAll(() => {
    service = testCourseBookingService(t.handle.db, { clock: () => now });
  });

  /** A booking on a session of its own, placed as `input` says, with its first link (as the booking page makes it). */
  async function placedWithLink(input: Omit<CourseBookingInput, "session">) {
    now = booked;
    const session = await createCourseSession(t.handle.db, { capacity: 6, at: booked, startsAt, endsAt });
    return createCourseBookingWithLink(t.handle.db, { ...input, session, now: booked });
  }

  /** A confirmed invoice booking of two places, the second's name to follow, and its link. */
  async function booking() {
    const placed = await placedWithLink({
      booker: testBooker("booker@example.com"),
      places: [delegate(1), { namesToFollow: true }],
    });
    expect(await confirmBooking(t.handle.db, placed.id, booked)).toMatchObject({ ok: true });
    return placed;
  }

  const mailOf = (bookingId: string, since: Date) =>
    t.handle.db
      .selectFrom("outbox")
      .select(["to_address", "subject"])
      .where("lead_id", "=", bookingId)
      .where("created_at", ">=", since.toISOString())
      .orderBy("to_address")
      .execute();
  const eventsOf = (bookingId: string) =>
    courseBookingEvents(t.handle.db, bookingId, ["place-named", "delegate-substituted"]);
  const mary = { position: "2", name: "Mary Major", email: "mary@example.com", jobTitle: "" };

  it("names a place to follow: the delegate's joining details, a note to the booker, the team told", async () => {
    const { id, token } = await booking();
    now = hours(booked, 1);
    expect(await service.namePlaceByLink(token, mary)).toMatchObject({
      ok: true,
      position: 2,
      previous: null,
      delegate: { name: "Mary Major", email: "mary@example.com" },
    });
    const sent = await mailOf(id, now);
    expect(sent.map((m) => m.to_address)).toEqual(["booker@example.com", "mary@example.com", "team@example.test"]);
    expect(sent.find((m) => m.to_address === "booker@example.com")!.subject).toMatch(/^A place is named: /);
    expect(sent.find((m) => m.to_address === "team@example.test")!.subject).toMatch(
      /^A place is named by the booker: /,
    );
    expect(await eventsOf(id)).toEqual([
      { kind: "place-named", actor: null, detail: JSON.stringify({ position: 2, by: "booker" }) },
    ]);
  });

  it("sends someone else: the one replaced is told too", async () => {
    const { id, token } = await booking();
    now = hours(booked, 2);
    const sam = { position: "1", name: "Sam Smith", email: "sam@example.com", jobTitle: "Analyst" };
    expect(await service.namePlaceByLink(token, sam)).toMatchObject({
      ok: true,
      previous: { name: "Delegate 1", email: "d1@example.com" },
    });
    const sent = await mailOf(id, now);
    expect(sent.map((m) => m.to_address)).toEqual([
      "booker@example.com",
      "d1@example.com",
      "sam@example.com",
      "team@example.test",
    ]);
    expect(sent.find((m) => m.to_address === "booker@example.com")!.subject).toMatch(/^A substitute is booked: /);
  });

  it("refuses without a live link, and as the team is refused: taken, unchanged, started; the form's mistakes", async () => {
    const { id, token } = await booking();
    now = hours(booked, 3);
    expect(await service.namePlaceByLink("not-a-link", mary)).toEqual({ ok: false, reason: "not-found" });
    expect(await service.namePlaceByLink(token, { ...mary, email: "d1@example.com" })).toEqual({
      ok: false,
      reason: "taken",
    });
    expect(
      await service.namePlaceByLink(token, { ...mary, position: "1", name: "Delegate 1", email: "d1@example.com" }),
    ).toEqual({ ok: false, reason: "unchanged" });
    expect(await service.namePlaceByLink(token, { ...mary, email: "not an address" })).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { email: expect.any(String) },
    });
    now = startsAt;
    expect(await service.namePlaceByLink(token, mary)).toEqual({ ok: false, reason: "started" });
    // Long after the course, the link itself has expired.
    now = new Date(endsAt.getTime() + 60 * 86_400_000);
    expect(await service.namePlaceByLink(token, mary)).toEqual({ ok: false, reason: "link-expired" });
    expect(await eventsOf(id)).toEqual([]);
  });

  it(`allows ${bookerPlaceChangesPerDay} changes a booking in a day, then again the next day`, async () => {
    const { id, token } = await booking();
    now = hours(booked, 4);
    // The team's own changes are not counted.
    expect(await service.namePlace(id, "staff-1", { ...mary, email: "by-team@example.com" })).toMatchObject({
      ok: true,
    });
    for (let i = 0; i < bookerPlaceChangesPerDay; i++) {
      const change = { ...mary, name: `Person ${i}`, email: `p${i}@example.com` };
      expect(await service.namePlaceByLink(token, change)).toMatchObject({ ok: true });
    }
    expect(await service.namePlaceByLink(token, { ...mary, email: "one-more@example.com" })).toEqual({
      ok: false,
      reason: "too-many",
    });
    // A day later the booker may change it again.
    now = hours(now, 25);
    expect(await service.namePlaceByLink(token, { ...mary, email: "next-day@example.com" })).toMatchObject({
      ok: true,
    });
  });

  it("cancels for the credit shown: the credit note is that amount, everyone told; another amount is refused", async () => {
    const { id, token } = await booking();
    // 44 days before the start: the full-credit tier.
    now = new Date("2027-01-23T12:00:00.000Z");
    const offer = service.cancellationOffer((await readBooking(t.handle.db, id))!);
    expect(offer).toEqual({
      creditPence: 1_080_000,
      daysBefore: 44,
      basisPoints: 10_000,
      rescheduled: false,
      settlement: "off-the-invoice",
    });
    // Shown the full credit, but the terms now give half (a later day): nothing is cancelled.
    now = new Date("2027-02-20T12:00:00.000Z");
    expect(await service.cancelByLink(token, 1_080_000)).toEqual({ ok: false, reason: "amount-changed" });
    expect((await readBooking(t.handle.db, id))!.status).toBe("invoiced");
    expect(service.cancellationOffer((await readBooking(t.handle.db, id))!)).toMatchObject({
      creditPence: 540_000,
      basisPoints: 5_000,
    });
    expect(await service.cancelByLink("not-a-link", 540_000)).toEqual({ ok: false, reason: "not-found" });

    const since = now;
    expect(await service.cancelByLink(token, 540_000)).toMatchObject({
      ok: true,
      booking: { status: "cancelled", credited_pence: 540_000 },
      creditNote: { kind: "credit-note", total_pence: 540_000 },
    });
    const sent = await mailOf(id, since);
    expect(sent.map((m) => m.to_address)).toEqual(["booker@example.com", "d1@example.com", "team@example.test"]);
    const [cancelled] = await courseBookingEvents(t.handle.db, id, ["cancelled"]);
    expect(cancelled?.actor).toBeNull();
    expect(JSON.parse(cancelled!.detail)).toMatchObject({ reason: "Cancelled by the booker from their booking page" });
    // Once cancelled, nothing more from the page.
    expect(service.cancellationOffer((await readBooking(t.handle.db, id))!)).toBeNull();
    expect(await service.cancelByLink(token, 0)).toEqual({ ok: false, reason: "not-cancellable" });
  });

  /** A card booking of one named place and its link: held until paid. */
  async function cardBooking() {
    const { id, token } = await placedWithLink({
      booker: testBooker("card@example.com"),
      places: [delegate(1)],
      payment: byCard,
    });
    expect(await attachPaymentIntent(t.handle.db, id, `pi_${id}`)).toBe(true);
    const pay = () =>
      confirmCardPayment(t.handle.db, { paymentIntentId: `pi_${id}`, amountPence: 540_000, now: booked });
    return { id, token, pay };
  }

  it("names no place of a card booking not yet paid: its link came with the form, not from the booker's inbox", async () => {
    const { id, token, pay } = await cardBooking();
    now = hours(booked, 1);
    const sam = { position: "1", name: "Sam Smith", email: "sam@example.com", jobTitle: "" };
    expect(await service.namePlaceByLink(token, sam)).toEqual({ ok: false, reason: "not-live" });
    expect(await mailOf(id, now)).toEqual([]);
    await pay();
    expect(await service.namePlaceByLink(token, sam)).toMatchObject({ ok: true });
  });

  it("checks the credit shown again inside the cancellation: another amount (paid meanwhile) cancels nothing", async () => {
    const { id, pay } = await cardBooking();
    now = hours(booked, 2);
    // Shown while held: nothing charged, nothing to credit. Paid before the booker confirms.
    expect(service.cancellationOffer((await readBooking(t.handle.db, id))!)).toMatchObject({ creditPence: 0 });
    await pay();
    expect(await cancelBooking(t.handle.db, id, { now, staffId: null, expectGrossPence: 0 })).toMatchObject({
      ok: false,
      reason: "amount-changed",
    });
    expect((await readBooking(t.handle.db, id))!.status).toBe("paid");
  });

  it("a card refund that fails after the booker cancels is on the timeline, and the team is asked to make it", async () => {
    const { id, token, pay } = await cardBooking();
    await pay();
    now = hours(booked, 3);
    // No Stripe here: the refund cannot be made.
    const cancelled = await service.cancelByLink(token, 540_000);
    expect(cancelled).toMatchObject({ ok: true, refundPence: 540_000, refundError: expect.stringContaining("Stripe") });
    const failed = await courseBookingEvents(t.handle.db, id, ["refund-failed"]);
    expect(failed.map((e) => JSON.parse(e.detail))).toEqual([{ amountPence: 540_000, message: expect.any(String) }]);
    const team = (await mailOf(id, now)).filter((m) => m.to_address === "team@example.test").map((m) => m.subject);
    expect(team).toContain(`Refund failed: booking ${(await readBooking(t.handle.db, id))!.reference}`);
  });

  it("cancels by the terms accepted with the booking, not today's", async () => {
    const { id, token } = await booking();
    // Accepted under stricter terms: all of it from 60 days before, nothing after.
    await t.handle.db
      .updateTable("course_booking_facts")
      .set({ terms_rules: stricterTermsRules })
      .where("id", "=", id)
      .execute();
    // 44 days before: today's terms would credit all of it; these, nothing.
    now = new Date("2027-01-23T12:00:00.000Z");
    expect(service.cancellationOffer((await readBooking(t.handle.db, id))!)).toMatchObject({ creditPence: 0 });
    expect(await service.cancelByLink(token, 1_080_000)).toEqual({ ok: false, reason: "amount-changed" });
    const cancelled = await service.cancelByLink(token, 0);
    expect(cancelled).toMatchObject({ ok: true, booking: { status: "cancelled", credited_pence: 0 } });
    expect(cancelled.ok && cancelled.creditNote).toBeFalsy();
  });
});
