/**
 * The team's page for one course booking (app/orders/course-booking/team-rules.ts):
 * the payment secret never reaches it, which bookings show a credit and can
 * have their places named, and the credit the team writes when cancelling.
 */
import { describe, expect, it } from "vitest";
import type { CourseBookingStatus } from "~/data/schema.ts";
import {
  canNamePlaces,
  creditOverrideMessages,
  isHeldOrConfirmed,
  readCreditOverride,
} from "~/orders/course-booking/team-rules.ts";

const now = new Date("2026-11-28T12:00:00.000Z");
const booking = (
  status: CourseBookingStatus,
  over: { erased_at?: string | null; session_starts_at?: string } = {},
) => ({
  status,
  erased_at: null,
  session_starts_at: "2026-12-01T09:00:00.000Z",
  ...over,
});

describe("isHeldOrConfirmed", () => {
  it.each([
    ["held", true],
    ["invoiced", true],
    ["paid", true],
    ["unconfirmed", false],
    ["cancelled", false],
    ["expired", false],
    ["lapsed", false],
  ] as const)("%s: %s", (status, expected) => {
    expect(isHeldOrConfirmed(status)).toBe(expected);
  });
});

describe("canNamePlaces", () => {
  it("a confirmed booking before its course starts", () => {
    expect(canNamePlaces(booking("paid"), now)).toBe(true);
    expect(canNamePlaces(booking("invoiced"), now)).toBe(true);
  });

  it("not a card hold not yet paid, an unconfirmed or a cancelled one", () => {
    expect(canNamePlaces(booking("held"), now)).toBe(false);
    expect(canNamePlaces(booking("unconfirmed"), now)).toBe(false);
    expect(canNamePlaces(booking("cancelled"), now)).toBe(false);
  });

  it("not an erased one", () => {
    expect(canNamePlaces(booking("paid", { erased_at: "2026-11-27T00:00:00.000Z" }), now)).toBe(false);
  });

  it("not from the moment the course starts", () => {
    expect(canNamePlaces(booking("paid", { session_starts_at: now.toISOString() }), now)).toBe(false);
    expect(canNamePlaces(booking("paid", { session_starts_at: "2026-11-28T12:00:00.001Z" }), now)).toBe(true);
  });
});

describe("readCreditOverride", () => {
  it("no amount: the terms' credit", () => {
    expect(readCreditOverride("  ", "anything")).toEqual({ ok: true });
  });

  it("an amount in pounds with a reason: that many pence, the reason trimmed and kept to 500", () => {
    expect(readCreditOverride(" 2,700.00 ", "  Goodwill  ")).toEqual({
      ok: true,
      override: { grossPence: 270_000, reason: "Goodwill" },
    });
    const long = readCreditOverride("10", "x".repeat(600));
    expect(long.ok && long.override?.reason.length).toBe(500);
  });

  it("an amount that is not pounds", () => {
    expect(readCreditOverride("lots", "Goodwill")).toEqual({ ok: false, error: creditOverrideMessages.amount });
  });

  it("a reason shorter than 5 characters", () => {
    expect(readCreditOverride("10", " ok ")).toEqual({ ok: false, error: creditOverrideMessages.reason });
  });
});
