/**
 * The pure rules of "Add the next date" and "Duplicate" (issue 39, ADR 067):
 * the start date suggested, the checks on the one chosen, the early-bird
 * offer moved with it, and a copy's key, address and title.
 */
import { describe, expect, it } from "vitest";
import {
  addDays,
  checkNewStart,
  copyAddress,
  copyTitle,
  dateInWords,
  daysBetween,
  sessionKeyFor,
  shiftEarlyBird,
  suggestNextStart,
} from "~/publishing/duplicate-rules.ts";

const none = () => false;
const takenOf = (...names: string[]) => {
  const set = new Set(names);
  return (name: string) => set.has(name);
};

describe("the next date a course date suggests", () => {
  it("is the same weekday 13 weeks later, across a year's end and a clock change", () => {
    expect(suggestNextStart("2027-03-08", "2027-01-10")).toBe("2027-06-07");
    expect(suggestNextStart("2027-11-01", "2027-01-10")).toBe("2028-01-31");
    expect(dateInWords(suggestNextStart("2027-03-08", "2027-01-10"))).toBe("Monday 7 June 2027");
  });

  it("steps on a quarter at a time past today and past a date the course already starts on", () => {
    // Made from a date long past: the first quarter after today.
    expect(suggestNextStart("2026-01-05", "2026-11-29")).toBe("2027-01-04");
    // The course already runs on 7 June: the quarter after.
    expect(suggestNextStart("2027-03-08", "2027-01-10", new Set(["2027-06-07"]))).toBe("2027-09-06");
  });
});

describe("the start date chosen", () => {
  const today = "2026-11-29";

  it("is a Monday after today, London date", () => {
    expect(checkNewStart(" 2027-06-07 ", today)).toEqual({ ok: true, date: "2027-06-07" });
  });

  it("is refused, in words, when it is not a Monday", () => {
    expect(checkNewStart("2027-06-08", today)).toEqual({
      ok: false,
      message:
        "Tuesday 8 June 2027 is a Tuesday: a course date starts on a Monday (it runs Monday to Friday). Choose a Monday.",
    });
  });

  it("is refused when it is empty, not a date, today or past", () => {
    expect(checkNewStart("", today)).toMatchObject({ ok: false, message: "Choose the start date of the new date." });
    expect(checkNewStart("2027-02-30", today)).toMatchObject({ ok: false, message: /day, a month and a year/ });
    expect(checkNewStart("next monday", today)).toMatchObject({ ok: false });
    expect(checkNewStart("2026-11-23", today)).toMatchObject({
      ok: false,
      message: "Monday 23 November 2026 is not after today: choose a later Monday.",
    });
    expect(checkNewStart("2026-11-30", today)).toEqual({ ok: true, date: "2026-11-30" });
  });
});

describe("an early-bird offer moved with its date", () => {
  it("ends as many days later as the start moved", () => {
    const moved = daysBetween("2027-03-08", "2027-06-07");
    expect(moved).toBe(91);
    expect(shiftEarlyBird({ pricePence: 405_000, until: "2027-01-29" }, moved, "2026-11-29")).toEqual({
      pricePence: 405_000,
      until: "2027-04-30",
    });
  });

  it("is dropped when its new last day is already past, and stays absent when there was none", () => {
    expect(shiftEarlyBird({ pricePence: 405_000, until: "2026-09-01" }, 28, "2026-11-29")).toBeUndefined();
    expect(shiftEarlyBird({ pricePence: 405_000, until: "2026-11-01" }, 28, "2026-11-29")).toEqual({
      pricePence: 405_000,
      until: "2026-11-29",
    });
    expect(shiftEarlyBird(undefined, 91, "2026-11-29")).toBeUndefined();
  });
});

describe("a copy's key, address and title", () => {
  it("a new course date is keyed by its course and start date, with a number when that is taken", () => {
    expect(sessionKeyFor("risk-management", "2027-06-07", none)).toBe("risk-management-2027-06-07");
    expect(sessionKeyFor("risk-management", "2027-06-07", takenOf("risk-management-2027-06-07"))).toBe(
      "risk-management-2027-06-07-2",
    );
    expect(
      sessionKeyFor(
        "risk-management",
        "2027-06-07",
        takenOf("risk-management-2027-06-07", "risk-management-2027-06-07-2"),
      ),
    ).toBe("risk-management-2027-06-07-3");
  });

  it("a copy's address ends in -copy, with a number when that is taken", () => {
    expect(copyAddress("risk-management", none)).toBe("risk-management-copy");
    expect(copyAddress("risk-management", takenOf("risk-management-copy"))).toBe("risk-management-copy-2");
    expect(copyAddress("risk-management", takenOf("risk-management-copy", "risk-management-copy-2"))).toBe(
      "risk-management-copy-3",
    );
  });

  it("a copy's title ends in (copy), shortened to fit its field", () => {
    expect(copyTitle("Risk Management")).toBe("Risk Management (copy)");
    const long = "A".repeat(78);
    const title = copyTitle(long, 80);
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title.endsWith("… (copy)")).toBe(true);
    expect(copyTitle("Short", 80)).toBe("Short (copy)");
  });

  it("dates are counted in calendar days", () => {
    expect(addDays("2027-03-28", 1)).toBe("2027-03-29");
    expect(addDays("2027-06-07", -91)).toBe("2027-03-08");
  });
});
