import { describe, expect, it } from "vitest";
import { linkExpired, linkExpiresAt, resendAllowed } from "~/orders/course-booking/link-expiry.ts";

const ends = new Date("2026-03-10T16:30:00Z");
const made = new Date("2026-01-05T09:00:00Z");

describe("booking link expiry", () => {
  it("expires the set number of days after the session ends", () => {
    expect(linkExpiresAt(ends, made, 30).toISOString()).toBe("2026-04-09T16:30:00.000Z");
    expect(linkExpired(ends, made, 30, new Date("2026-04-09T16:29:59Z"))).toBe(false);
    expect(linkExpired(ends, made, 30, new Date("2026-04-09T16:30:00Z"))).toBe(true);
  });

  it("with 0 days, expires when the session ends", () => {
    expect(linkExpired(ends, made, 0, new Date("2026-03-10T16:29:59Z"))).toBe(false);
    expect(linkExpired(ends, made, 0, ends)).toBe(true);
  });

  it("a link made after the course works the set number of days from when it was made", () => {
    const late = new Date("2026-06-01T08:00:00Z");
    expect(linkExpiresAt(ends, late, 30).toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(linkExpired(ends, late, 30, new Date("2026-06-30T08:00:00Z"))).toBe(false);
    expect(linkExpired(ends, late, 30, new Date("2026-07-01T08:00:00Z"))).toBe(true);
  });

  it("refuses a negative number of days", () => {
    expect(() => linkExpiresAt(ends, made, -1)).toThrow(RangeError);
  });
});

describe("booking link resend limit", () => {
  const now = new Date("2026-05-01T12:00:00Z");
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it("allows the first resend", () => {
    expect(resendAllowed([], now)).toEqual({ ok: true });
  });

  it("allows one per 15 minutes", () => {
    expect(resendAllowed([ago(10)], now)).toEqual({ ok: false, retryAfterSeconds: 300 });
    expect(resendAllowed([ago(15)], now)).toEqual({ ok: true });
  });

  it("allows three in any 24 hours", () => {
    expect(resendAllowed([ago(60), ago(120), ago(180)], now)).toEqual({
      ok: false,
      retryAfterSeconds: (24 * 60 - 180) * 60,
    });
    expect(resendAllowed([ago(60), ago(120), ago(24 * 60)], now)).toEqual({ ok: true });
  });
});
