/**
 * Booking links expire and can be replaced (issue 37, ADR 063), on both
 * databases, through the course booking service: a link opens its booking
 * until 30 days after the session ends; after that it is refused (expired:
 * no detail, no confirmation); a new link asked for from it is e-mailed to
 * the booker's address alone (sealed in the outbox), opens the booking, and
 * revokes the old one (then unknown); resends are limited per booking (15
 * minutes apart, 3 a day), counted on the booking's timeline.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { newBookingLink } from "~/orders/course-booking/booking-links.server.ts";
import type { CourseBookingService } from "~/orders/course-booking/service.server.ts";
import { keyring, newKeyMaterial, unseal, type Keyring } from "~/secrets/sealing.server.ts";
import { dialects } from "./databases.ts";
import { createCourseSession, testBooker, createCourseBookingWithLink } from "../support/factories.ts";
import { courseBookingEvents, testCourseBookingService, useTestDatabase } from "./fixtures.ts";

const booked = new Date("2027-01-10T10:00:00.000Z");
const endsAt = new Date("2027-03-12T17:00:00.000Z");
const days = (at: Date, n: number) => new Date(at.getTime() + n * 86_400_000);
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);
const booker = (email: string) => testBooker(email);

describe.each(dialects)("booking links on %s", (dialect) => {
  const t = useTestDatabase(dialect, "cblink", { businessSettings: true });
  let keys: Keyring;
  let now = booked;
  let service: CourseBookingService;

  beforeAll(() => {
    keys = keyring(newKeyMaterial());
    service = testCourseBookingService(t.handle.db, { clock: () => now, keys });
  });

  /** An invoice booking and its first link (as the booking page makes it). */
  async function booking(email: string) {
    now = booked;
    const session = await createCourseSession(t.handle.db, { capacity: 4, at: booked, endsAt });
    return createCourseBookingWithLink(t.handle.db, { session, booker: booker(email), now: booked });
  }

  /** The booking's outbox e-mails with their sealed link opened. */
  async function linksSent(bookingId: string) {
    const rows = await t.handle.db
      .selectFrom("outbox")
      .select(["to_address", "subject", "secrets", "text_body"])
      .where("lead_id", "=", bookingId)
      .orderBy("created_at")
      .execute();
    return rows.map((r) => ({
      to: r.to_address,
      subject: r.subject,
      text: r.text_body,
      token: r.secrets
        ? (JSON.parse(unseal(keys, r.secrets, "outbox")) as Record<string, string>)["booking-link"]
        : null,
    }));
  }

  it("a link works until 30 days after the course, then is refused: no booking shown, nothing confirmed", async () => {
    const { id, token } = await booking(`late-${dialect}@example.com`);
    now = days(endsAt, 30 - 1 / 24);
    expect(await service.linkState(token)).toBe("live");
    expect((await service.byLink(token))?.booking.id).toBe(id);
    now = days(endsAt, 30);
    expect(await service.linkState(token)).toBe("expired");
    expect(await service.byLink(token)).toBeNull();
    expect(await service.confirmByLink(token)).toEqual({ ok: false, reason: "link-expired" });
    expect(await service.linkState("x".repeat(43))).toBe("unknown");
  });

  it("a live link cannot ask for a new one; an expired one can: sent to the booker alone, the old one revoked", async () => {
    const email = `resend-${dialect}@example.com`;
    const { id, token } = await booking(email);
    now = days(endsAt, 1);
    expect(await service.resendLink(token)).toEqual({ kind: "live" });
    expect(await linksSent(id)).toEqual([]);

    now = days(endsAt, 31);
    expect(await service.resendLink(token)).toEqual({ kind: "sent" });
    const sent = await linksSent(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: email, subject: expect.stringMatching(/^A new link to your booking/) });
    const fresh = sent[0]!.token!;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent[0]!.text).not.toContain(fresh);
    // The new link opens the booking (for 30 days from now); the old one is revoked, as unknown as any.
    expect((await service.byLink(fresh))?.booking.id).toBe(id);
    expect(await service.linkState(token)).toBe("unknown");
    expect(await service.resendLink(token)).toEqual({ kind: "unknown" });
    expect(
      await t.handle.db.selectFrom("course_booking_links").select("id").where("booking_id", "=", id).execute(),
    ).toHaveLength(1);
    now = days(endsAt, 61);
    expect(await service.linkState(fresh)).toBe("expired");
  });

  it("resends are limited per booking: 15 minutes apart, 3 a day, counted on its timeline", async () => {
    const { id, token } = await booking(`limit-${dialect}@example.com`);
    // Each resend revokes every link to the booking; another expired link to it (as one asked for at once from a
    // second tab would find) is made for each further ask.
    const anotherExpiredLink = () => t.handle.db.transaction().execute((trx) => newBookingLink(trx, id, booked));
    const start = days(endsAt, 40);
    now = start;
    expect(await service.resendLink(token)).toEqual({ kind: "sent" });
    now = minutes(start, 14);
    expect(await service.resendLink(await anotherExpiredLink())).toEqual({ kind: "limited", retryAfterSeconds: 60 });
    now = minutes(start, 15);
    expect(await service.resendLink(await anotherExpiredLink())).toEqual({ kind: "sent" });
    now = minutes(start, 30);
    expect(await service.resendLink(await anotherExpiredLink())).toEqual({ kind: "sent" });
    // A fourth in the same 24 hours is refused until the first is a day old.
    now = minutes(start, 60);
    expect(await service.resendLink(await anotherExpiredLink())).toEqual({
      kind: "limited",
      retryAfterSeconds: (24 * 60 - 60) * 60,
    });
    expect(await linksSent(id)).toHaveLength(3);
    now = minutes(start, 24 * 60);
    expect(await service.resendLink(await anotherExpiredLink())).toEqual({ kind: "sent" });
    const events = await courseBookingEvents(t.handle.db, id, ["link-resent"]);
    expect(events).toHaveLength(4);
  });
});
