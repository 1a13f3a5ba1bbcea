/** The rules of an invoice booking waiting for its booker's confirmation (issue 37, ADR 060). */
import { describe, expect, it } from "vitest";
import {
  bookerMailbox,
  confirmDeadline,
  defaultConfirmationRules as rules,
  unconfirmedAllowed,
  unconfirmedSessionLimit,
} from "~/orders/course-booking/confirmation.ts";

const now = new Date("2027-01-10T10:00:00.000Z");
const startsAt = new Date("2027-03-08T09:00:00.000Z");

describe("confirmDeadline", () => {
  it("holds the places for the hours set, by default 2", () => {
    expect(confirmDeadline(now, rules.confirmHours, startsAt).toISOString()).toBe("2027-01-10T12:00:00.000Z");
    expect(confirmDeadline(now, 0.5, startsAt).toISOString()).toBe("2027-01-10T10:30:00.000Z");
  });
  it("never past the session's start", () => {
    const soon = new Date("2027-01-10T11:00:00.000Z");
    expect(confirmDeadline(now, 2, soon)).toEqual(soon);
  });
  it("refuses no time at all", () => {
    expect(() => confirmDeadline(now, 0, startsAt)).toThrow(RangeError);
  });
});

describe("unconfirmedSessionLimit", () => {
  it("is the share of the capacity, rounded down, at least 1 on a session with places", () => {
    expect(unconfirmedSessionLimit(12, 50)).toBe(6);
    expect(unconfirmedSessionLimit(13, 50)).toBe(6);
    expect(unconfirmedSessionLimit(1, 50)).toBe(1);
    expect(unconfirmedSessionLimit(0, 50)).toBe(0);
    expect(unconfirmedSessionLimit(12, 100)).toBe(12);
  });
});

describe("unconfirmedAllowed", () => {
  const none = { asked: 1, sessionCapacity: 12, sessionHeld: 0, bookerPlaces: 0, bookerBookings: 0 };
  it("lets a booking fill the session's share exactly, not one place more", () => {
    expect(unconfirmedAllowed({ ...none, asked: 6 }, rules)).toEqual({ ok: true });
    expect(unconfirmedAllowed({ ...none, asked: 9 }, rules)).toMatchObject({ ok: false, reason: "session" });
    expect(unconfirmedAllowed({ ...none, asked: 2, sessionHeld: 4 }, rules)).toEqual({ ok: true });
    expect(unconfirmedAllowed({ ...none, asked: 3, sessionHeld: 4 }, rules)).toMatchObject({
      ok: false,
      reason: "session",
      message: expect.stringMatching(/waiting for their bookers to confirm/),
    });
  });
  it("limits one booker address's places and bookings over all sessions", () => {
    const big = { ...none, sessionCapacity: 100 };
    expect(unconfirmedAllowed({ ...big, asked: 2, bookerPlaces: 10, bookerBookings: 2 }, rules)).toEqual({ ok: true });
    expect(unconfirmedAllowed({ ...big, asked: 3, bookerPlaces: 10, bookerBookings: 2 }, rules)).toMatchObject({
      ok: false,
      reason: "booker",
    });
    expect(unconfirmedAllowed({ ...big, asked: 1, bookerPlaces: 3, bookerBookings: 3 }, rules)).toMatchObject({
      ok: false,
      reason: "booker",
      message: expect.stringMatching(/confirm them from your inbox/),
    });
  });
});

describe("the mailbox a booker address counts as", () => {
  it("is the address in lower case without a +tag", () => {
    expect(bookerMailbox(" Ann+Team1@Example.COM ")).toBe("ann@example.com");
    expect(bookerMailbox("ann@example.com")).toBe("ann@example.com");
    expect(bookerMailbox("a+b+c@example.com")).toBe("a@example.com");
    // A local part that is only a tag stays as it is.
    expect(bookerMailbox("+x@example.com")).toBe("+x@example.com");
  });
});
