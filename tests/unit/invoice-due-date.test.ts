/** An invoice's due date (app/orders/course-booking/documents.server.ts's dateAfter): days after its London date. */
import { describe, expect, it } from "vitest";
import { dateAfter } from "~/orders/course-booking/documents.server.ts";
import { addDays } from "~/time/london.ts";

describe("dateAfter", () => {
  it("counts from the London date the invoice is issued on, not the UTC one", () => {
    // 00:30 on 2 June 2027 in London (BST) is still 1 June in UTC: the invoice is dated 2 June.
    expect(dateAfter(new Date("2027-06-01T23:30:00.000Z"), 30)).toBe("2027-07-02");
    expect(dateAfter(new Date("2027-06-01T22:30:00.000Z"), 30)).toBe("2027-07-01");
    // In winter London is on UTC.
    expect(dateAfter(new Date("2027-01-10T23:30:00.000Z"), 30)).toBe("2027-02-09");
  });

  it("adds calendar days across the clocks changing, the year's end and a leap day", () => {
    expect(addDays("2027-03-24", 7)).toBe("2027-03-31");
    expect(addDays("2027-10-30", 2)).toBe("2027-11-01");
    expect(addDays("2027-12-28", 7)).toBe("2028-01-04");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-03-31", -7)).toBe("2027-03-24");
  });
});
