/** The London time module's instants (app/time/london.ts): a wall-clock time in a time zone, either side of the clocks changing. */
import { describe, expect, it } from "vitest";
import { instantOf, offsetAt } from "~/time/london.ts";

describe("instantOf", () => {
  const nine = { hour: 9, minute: 0 };
  const cases = [
    // The last Saturday of GMT and the first Sunday of BST (the clocks go forward at 01:00 GMT on 28 March 2027).
    [{ year: 2027, month: 3, day: 27 }, "Europe/London", "2027-03-27T09:00:00.000Z"],
    [{ year: 2027, month: 3, day: 28 }, "Europe/London", "2027-03-28T08:00:00.000Z"],
    // Back to GMT on 31 October 2027.
    [{ year: 2027, month: 10, day: 30 }, "Europe/London", "2027-10-30T08:00:00.000Z"],
    [{ year: 2027, month: 10, day: 31 }, "Europe/London", "2027-10-31T09:00:00.000Z"],
    // The same date and time in another zone is another instant.
    [{ year: 2027, month: 3, day: 28 }, "America/New_York", "2027-03-28T13:00:00.000Z"],
  ] as const;

  it.each(cases)("%o at 09:00 in %s is %s, asked once or again", (date, zone, iso) => {
    expect(new Date(instantOf(date, nine, zone)).toISOString()).toBe(iso);
    expect(new Date(instantOf({ ...date }, { ...nine }, zone)).toISOString()).toBe(iso);
  });
});

describe("offsetAt", () => {
  // The clocks go forward at 01:00 GMT on 28 March 2027: a second before, GMT; at it, BST.
  const change = Date.parse("2027-03-28T01:00:00.000Z");

  it("is the zone's offset at that second, asked once or again, in either zone first", () => {
    for (let round = 0; round < 2; round++) {
      expect(offsetAt(change - 1000, "Europe/London")).toBe(0);
      expect(offsetAt(change, "Europe/London")).toBe(3_600_000);
      expect(offsetAt(change, "America/New_York")).toBe(-4 * 3_600_000);
      expect(offsetAt(change - 1, "Europe/London")).toBe(0);
      expect(offsetAt(change + 999, "Europe/London")).toBe(3_600_000);
    }
  });
});
