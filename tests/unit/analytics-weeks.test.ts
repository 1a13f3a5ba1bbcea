/** London days and weeks for page views and the conversion view (app/analytics/weeks.ts). */
import { describe, expect, it } from "vitest";
import { conversionRate, londonDay, weekBounds, weekOf, weeksUpTo } from "~/analytics/weeks.ts";
import { addDays } from "~/time/london.ts";

describe("London days and weeks", () => {
  it("a day is London's: after midnight in summer time it is already the next day", () => {
    expect(londonDay(new Date("2026-07-01T23:30:00Z"))).toBe("2026-07-02");
    expect(londonDay(new Date("2026-12-01T23:30:00Z"))).toBe("2026-12-01");
  });

  it("weeks start on Monday, across months and years", () => {
    expect(weekOf("2026-11-24")).toBe("2026-11-23"); // a Tuesday
    expect(weekOf("2026-11-23")).toBe("2026-11-23");
    expect(weekOf("2026-11-29")).toBe("2026-11-23"); // Sunday
    expect(weekOf("2027-01-02")).toBe("2026-12-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(weeksUpTo("2026-11-24", 3)).toEqual(["2026-11-09", "2026-11-16", "2026-11-23"]);
  });

  it("a week's bounds are London midnights, also the week the clocks change", () => {
    expect(weekBounds("2026-10-19")).toEqual({
      from: new Date("2026-10-18T23:00:00Z"),
      to: new Date("2026-10-26T00:00:00Z"), // the clocks went back on 25 October
    });
  });

  it("conversion is leads per view, in per cent", () => {
    expect(conversionRate(3, 120)).toBe(2.5);
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 0)).toBeNull();
  });
});
